import { and, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { COD_SHIPPING_FEE_INR, type AdminOrderDetail, type OrderStatusChangeResponse } from "@store/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  paidCardOrder,
  storedOrder,
  webhooksSettled,
} from "../checkout/test-support";
import { emailOutbox } from "../../email/tables";
import { creditNotes, invoices } from "../invoices/tables";
import { refunds } from "../payments/tables";
import { call, courierMoves, newAdmin } from "./test-support";

/**
 * Issue 38, point 1 (decision 059): every path that ends in "refunded" goes through the refund queue and the
 * provider, or, for cash on delivery, records the seller's transfer with its reference; nothing is said refunded
 * before the money is sent.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let variant: PickedVariant;

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [variant] = (await pickVariants(app, { minStock: 30, count: 1 })) as [PickedVariant];
});
afterEach(async () => {
  await webhooksSettled(app);
  await app.services.shipping.gateway.simulator?.settled();
});
afterAll(() => app.close());

const outages = () => app.paymentSimulator!.outages;
const refundOrder = (id: number, body: Record<string, unknown> = {}) =>
  call(app, admin, "POST", `/api/admin/orders/${id}/status`, { status: "refunded", ...body });
const detail = async (id: number) =>
  (await call(app, admin, "GET", `/api/admin/orders/${id}`)).json<AdminOrderDetail>();
const refundMails = (email: string) =>
  app.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, "Your refund of %")));
const runDueNow = async (orderId: number) => {
  await app.database.db
    .update(refunds)
    .set({ nextAt: new Date(Date.now() - 1000) })
    .where(eq(refunds.orderId, orderId));
  return app.services.payments.refunds.runDue();
};
let n = 0;
const newEmail = () => `after-sale.${process.pid}.${Date.now()}.${n++}@example.in`;

/** A card order paid through the simulated Razorpay, to a shopper with an e-mail, its parcel moved as asked. */
async function cardOrder(moves: ("advance" | "fail")[]) {
  const email = newEmail();
  const { orderId, total } = await paidCardOrder(app, [{ variant }], { email });
  await courierMoves(app, admin, orderId, moves);
  return { orderId, total, email };
}
const RETURNED_TO_SELLER = ["advance", "advance", "fail", "advance", "advance"] as const;
const DELIVERED = ["advance", "advance", "advance", "advance", "advance"] as const;

async function codOrder(moves: readonly ("advance" | "fail")[]) {
  const email = newEmail();
  const cartId = await fillCart(app, [{ variant }], "INR");
  const amount = pageTotal([{ variant }], "INR", { shipping: COD_SHIPPING_FEE_INR });
  const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email }));
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as number;
  const confirmed = await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await courierMoves(app, admin, orderId, moves);
  return { orderId, total: amount * 100, email };
}

describe("a prepaid parcel returned to the seller (RTO)", () => {
  it("is refunded through the provider; until the provider takes it, nothing says refunded", async () => {
    const { orderId, total, email } = await cardOrder([...RETURNED_TO_SELLER]);
    expect((await detail(orderId)).status).toBe("returned_to_origin");
    outages().failRefunds(1);
    const res = await refundOrder(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrderStatusChangeResponse>();
    expect(body.refund).toMatchObject({ rule: "full", refund_minor: total, status: "requested" });
    expect(body.order).toMatchObject({
      status: "returned_to_origin",
      payments: [{ status: "captured" }],
      refunds: [{ reason: "order_refunded", status: "requested", attempts: 1, amount_minor: total }],
    });
    expect(await refundMails(email)).toEqual([]);

    expect(await runDueNow(orderId)).toBe(1);
    const after = await storedOrder(app, orderId);
    expect(after.order.status).toBe("refunded");
    expect(after.payment?.status).toBe("refunded");
    expect(after.refunds).toMatchObject([{ status: "refunded", providerRefundId: expect.stringMatching(/^rfnd_/) }]);
    expect(await refundMails(email)).toHaveLength(1);
  });

  it("a refund the provider took but has not made stays 'processing' until the provider says it is made", async () => {
    const { orderId, total } = await cardOrder([...RETURNED_TO_SELLER]);
    outages().pendRefunds(1);
    const body = (await refundOrder(orderId)).json<OrderStatusChangeResponse>();
    expect(body.refund?.status).toBe("requested");
    expect(body.order).toMatchObject({
      status: "returned_to_origin",
      refunds: [{ status: "processing", amount_minor: total, provider_refund_id: expect.stringMatching(/^rfnd_/) }],
    });
    // Asked too soon, nothing changes; once due, the provider says it is made.
    expect(await app.services.payments.refunds.runDue()).toBe(0);
    expect(await runDueNow(orderId)).toBe(1);
    expect((await detail(orderId)).status).toBe("refunded");
  });
});

describe("a delivered order refunded whole", () => {
  it("never gives back more than was paid: a second refund while the first is owed is refused", async () => {
    const { orderId, total } = await cardOrder([...DELIVERED]);
    outages().failRefunds(1);
    expect((await refundOrder(orderId)).json<OrderStatusChangeResponse>().refund?.status).toBe("requested");
    const again = await refundOrder(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "NOTHING_LEFT_TO_REFUND" });
    const stored = await storedOrder(app, orderId);
    expect(stored.refunds.map((r) => r.amount)).toEqual([total]);
    // One credit note for what was left of the invoice, not two.
    const notes = await app.database.db
      .select()
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(eq(invoices.orderId, orderId));
    expect(notes).toHaveLength(1);
  });

  it("cash on delivery: refunded by the seller's own transfer, which needs its reference", async () => {
    const { orderId, total, email } = await codOrder(DELIVERED);
    const missing = await refundOrder(orderId);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([expect.objectContaining({ path: "refund_reference" })]);
    expect((await storedOrder(app, orderId)).refunds).toEqual([]);

    const res = await refundOrder(orderId, { refund_reference: "NEFT N123456789" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OrderStatusChangeResponse>()).toMatchObject({
      refund: { rule: "full", refund_minor: total, status: "refunded" },
      order: {
        status: "refunded",
        refunds: [{ method: "transfer", status: "refunded", reference: "NEFT N123456789", amount_minor: total }],
      },
    });
    expect(await refundMails(email)).toHaveLength(1);
  });
});

describe("an order nothing was paid for", () => {
  it("cash on delivery returned undelivered cannot be refunded: not offered, and refused with nothing changed", async () => {
    const { orderId } = await codOrder(RETURNED_TO_SELLER);
    const order = await detail(orderId);
    expect(order.status).toBe("returned_to_origin");
    expect(order.allowed_transitions).not.toContain("refunded");
    const res = await refundOrder(orderId, { refund_reference: "UPI 1" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "NOTHING_PAID" });
    expect(await detail(orderId)).toMatchObject({ status: "returned_to_origin", refunds: [] });
  });
});
