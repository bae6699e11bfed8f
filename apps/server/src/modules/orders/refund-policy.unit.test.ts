import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountPaid, cancellationRefund, fullRefund, toPayByMethod, type RefundableOrder } from "./refund-policy";

const HOUR = 3_600_000;
const now = new Date("2026-03-10T12:00:00Z");
const order = (over: Partial<RefundableOrder>): RefundableOrder => ({
  status: "paid",
  paymentMethod: "razorpay",
  total: 100_000,
  storeCredit: 0,
  createdAt: new Date(now.getTime() - HOUR),
  ...over,
});

describe("cancellation refunds", () => {
  it("gives everything back within 24 hours, shipped or not", () => {
    expect(
      cancellationRefund(order({ status: "shipped", createdAt: new Date(now.getTime() - 24 * HOUR) }), now),
    ).toEqual({ rule: "within_24h", paid_minor: 100_000, fee_minor: 0, refund_minor: 100_000 });
  });

  it("keeps 10% of the order value once in transit after 24 hours", () => {
    expect(
      cancellationRefund(
        order({ status: "shipped", total: 259_900, createdAt: new Date(now.getTime() - 24 * HOUR - 1) }),
        now,
      ),
    ).toEqual({ rule: "in_transit_fee", paid_minor: 259_900, fee_minor: 25_990, refund_minor: 233_910 });
  });

  it("charges no fee for an order that has not shipped, however late", () => {
    expect(cancellationRefund(order({ createdAt: new Date(now.getTime() - 30 * 24 * HOUR) }), now).rule).toBe(
      "not_shipped",
    );
  });

  it("has nothing to give back when nothing was paid", () => {
    for (const o of [
      order({ status: "pending_payment" }),
      order({ status: "cod_confirmed", paymentMethod: "cod" }),
      order({ status: "shipped", paymentMethod: "cod" }),
    ]) {
      expect(cancellationRefund(o, now)).toEqual({
        rule: "nothing_paid",
        paid_minor: 0,
        fee_minor: 0,
        refund_minor: 0,
      });
    }
  });

  it("never refunds more than was paid nor less than 90% of it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom("paid", "shipped" as const),
        (total, hours, status) => {
          const r = cancellationRefund(
            order({ total, status, createdAt: new Date(now.getTime() - hours * HOUR) }),
            now,
          );
          expect(r.refund_minor + r.fee_minor).toBe(r.paid_minor);
          expect(r.refund_minor).toBeLessThanOrEqual(total);
          expect(r.refund_minor).toBeGreaterThanOrEqual(Math.floor(total * 0.9));
        },
      ),
    );
  });

  it("counts cash on delivery as paid once delivered, and refunds a return in full", () => {
    expect(amountPaid(order({ status: "delivered", paymentMethod: "cod" }))).toBe(100_000);
    expect(fullRefund(order({ status: "delivered", paymentMethod: "cod" }))).toEqual({
      rule: "full",
      paid_minor: 100_000,
      fee_minor: 0,
      refund_minor: 100_000,
    });
  });

  it("counts a prepaid parcel that came back (RTO) as paid, a cash-on-delivery one as never paid", () => {
    expect(fullRefund(order({ status: "returned_to_origin", paymentMethod: "razorpay" })).refund_minor).toBe(100_000);
    expect(fullRefund(order({ status: "returned_to_origin", paymentMethod: "cod" }))).toMatchObject({
      rule: "nothing_paid",
      refund_minor: 0,
    });
  });

  it("counts store credit as paid from confirmation, and the method's money as before (decision 088)", () => {
    const cod = order({ paymentMethod: "cod", storeCredit: 60_000 });
    expect(toPayByMethod(cod)).toBe(40_000);
    expect(amountPaid({ ...cod, status: "cod_confirmed" })).toBe(60_000);
    expect(amountPaid({ ...cod, status: "returned_to_origin" })).toBe(60_000);
    expect(amountPaid({ ...cod, status: "delivered" })).toBe(100_000);
    expect(amountPaid({ ...cod, status: "expired" })).toBe(0);
    expect(amountPaid(order({ storeCredit: 60_000 }))).toBe(100_000);
    expect(amountPaid(order({ paymentMethod: "store_credit", storeCredit: 100_000 }))).toBe(100_000);
    // Pieces cancelled below the credit: the credit pays all that is left, nothing to collect.
    expect(toPayByMethod({ total: 30_000, storeCredit: 60_000 })).toBe(0);
    expect(cancellationRefund({ ...cod, status: "cod_confirmed" }, now)).toMatchObject({ refund_minor: 60_000 });
  });
});
