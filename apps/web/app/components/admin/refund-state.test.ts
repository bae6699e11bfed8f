import type { AdminOrderDetail } from "@store/shared";
import { describe, expect, it } from "vitest";
import { formatWhen } from "./format";
import { failedRefund, paymentStatusLabel, refundState, retryOutcome } from "./refund-state";

type Payment = AdminOrderDetail["payments"][number];

const payment = (over: Partial<Payment>): Payment => ({
  id: 1,
  provider: "razorpay",
  provider_order_id: "order_1",
  provider_payment_id: "pay_1",
  status: "captured",
  amount_minor: 229_900,
  currency: "INR",
  refund_amount_minor: null,
  refund_attempts: 0,
  refund_next_at: null,
  refund_error: null,
  part_refunded_minor: 0,
  created_at: "2026-11-24T10:00:00Z",
  updated_at: "2026-11-24T10:00:00Z",
  ...over,
});
const order = (payments: Payment[]) => ({ id: 9, currency: "INR", payments }) as AdminOrderDetail;
const ERROR = "Razorpay answered 503: The server is temporarily unavailable";

describe("a payment's refund in the back office", () => {
  it("says nothing for a payment nobody owes back", () => {
    expect(refundState(payment({}), "INR")).toBeNull();
    expect(paymentStatusLabel("captured")).toBe("Paid");
  });

  it("shows a queued refund with its tries, next try and last error", () => {
    expect(refundState(payment({ status: "refund_requested", refund_amount_minor: 100_000 }), "INR")).toEqual({
      tone: "pending",
      text: "Refund of ₹1,000 requested from the provider.",
    });
    const next = "2026-11-24T10:06:00Z";
    expect(
      refundState(
        payment({ status: "refund_requested", refund_attempts: 2, refund_next_at: next, refund_error: ERROR }),
        "INR",
      ),
    ).toEqual({
      tone: "pending",
      text: `Refund of ₹2,299 requested: 2 tries failed so far; next try: ${formatWhen(next)}. Last error: ${ERROR}`,
    });
  });

  it("shows a refund that failed for good with its error, and offers it for a retry", () => {
    const failed = payment({
      status: "refund_failed",
      refund_amount_minor: 229_900,
      refund_attempts: 1,
      refund_error: ERROR,
    });
    expect(refundState(failed, "INR")).toEqual({
      tone: "failed",
      text: `Refund of ₹2,299 failed after 1 try and will not be tried again on its own. Last error: ${ERROR}`,
    });
    expect(failedRefund(order([payment({}), failed]))).toBe(failed);
    expect(failedRefund(order([payment({ status: "refunded" })]))).toBeUndefined();
  });

  it("tells what a retry did", () => {
    expect(retryOutcome(order([payment({ status: "refunded", refund_amount_minor: 229_900 })]))).toBe(
      "The refund went through. Refunded ₹2,299.",
    );
    expect(retryOutcome(order([payment({ status: "refund_failed", refund_attempts: 1, refund_error: ERROR })]))).toBe(
      `The refund failed again. Last error: ${ERROR}`,
    );
    const next = "2026-11-24T10:01:00Z";
    expect(
      retryOutcome(order([payment({ status: "refund_requested", refund_attempts: 1, refund_next_at: next })])),
    ).toBe(`The provider did not take the refund yet. Next try: ${formatWhen(next)}.`);
  });
});
