import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OrderStatusChangeResponse } from "@store/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickVariants } from "../cart/test-support";
import { createListeningTestApp, createOrder, fillCart, orderBody, pageTotal, payByCard, stockOf, storedOrder, verifyPayment, webhooksSettled } from "../checkout/test-support";
import { orders } from "../checkout/tables";
import { HOUR, call, newAdmin } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
});
afterEach(() => webhooksSettled(app));
afterAll(() => app.close());

/** An INR card order paid through the simulated Razorpay, as a shopper would pay it. */
async function paidCardOrder() {
  const [variant] = await pickVariants(app, { minStock: 5, count: 1 });
  if (!variant) throw new Error("no variant");
  const lines = [{ variant, quantity: 2 }];
  const cartId = await fillCart(app, lines, "INR");
  const total = pageTotal(lines, "INR") * 100;
  const { data } = (await createOrder(app, orderBody(cartId, "razorpay", "INR", total))).json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid });
  expect(verified.json().status).toBe("paid");
  return { orderId: data.order_id as number, total, variant };
}

const setStatus = async (id: number, body: Record<string, unknown>) => {
  const res = await call(app, admin, "POST", `/api/admin/orders/${id}/status`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderStatusChangeResponse;
};

describe("cancelling a paid order refunds it through the payment provider", () => {
  it("refunds everything within 24 hours: the provider confirms, payment and order end refunded, stock is back", async () => {
    const { orderId, total, variant } = await paidCardOrder();
    const stockAfterSale = await stockOf(app, variant);
    const { refund, order } = await setStatus(orderId, { status: "cancelled" });
    expect(refund).toMatchObject({ rule: "within_24h", refund_minor: total, status: "refunded" });
    expect(order.status).toBe("refunded");
    expect(order.events.map((e) => e.to_status).slice(-2)).toEqual(["cancelled", "refunded"]);
    const stored = await storedOrder(app, orderId);
    expect(stored.payment).toMatchObject({ status: "refunded", refundId: expect.stringMatching(/^rfnd_/) });
    expect(await stockOf(app, variant)).toBe(stockAfterSale + 2);
  });

  it("refunds all but the 10% fee for a shipped order cancelled after 24 hours", async () => {
    const { orderId, total } = await paidCardOrder();
    await app.database.db.update(orders).set({ createdAt: new Date(Date.now() - 50 * HOUR) }).where(eq(orders.id, orderId));
    await setStatus(orderId, { status: "shipped", tracking_number: "DELHIVERY-55" });
    const { refund, order } = await setStatus(orderId, { status: "cancelled" });
    const fee = Math.round(total / 10);
    expect(refund).toMatchObject({ rule: "in_transit_fee", fee_minor: fee, refund_minor: total - fee, status: "refunded" });
    expect(order).toMatchObject({ status: "refunded", payments: [{ status: "refunded" }] });
    expect((await storedOrder(app, orderId)).payment).toMatchObject({ status: "refunded", refundId: expect.stringMatching(/^rfnd_/) });
  });
});
