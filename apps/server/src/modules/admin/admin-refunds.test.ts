import { eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { formatMoney, type OrderStatusChangeResponse } from "@store/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickVariants } from "../cart/test-support";
import {
  createListeningTestApp,
  paidCardOrder as paidCardOrderOf,
  stockOf,
  storedOrder,
  webhooksSettled,
} from "../checkout/test-support";
import { orders } from "../orders/tables";
import { emailOutbox } from "../../email/tables";
import { REFUND_RETRY_DELAYS_MS } from "../payments/refunds";
import { refunds } from "../payments/tables";
import { loadConfig } from "../../config";
import { HOUR, call, newAdmin } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
let adminEmail: string;

beforeAll(async () => {
  app = await createListeningTestApp();
  ({ headers: admin, email: adminEmail } = await newAdmin(app));
});
afterEach(() => webhooksSettled(app));
afterAll(() => app.close());

/** A card order of two pieces of a stocked variant, paid through the simulated Razorpay. */
async function paidCardOrder() {
  const [variant] = await pickVariants(app, { minStock: 5, count: 1 });
  if (!variant) throw new Error("no variant");
  return { ...(await paidCardOrderOf(app, [{ variant, quantity: 2 }])), variant };
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
    expect(stored.payment).toMatchObject({ status: "refunded" });
    expect(stored.refunds).toMatchObject([
      {
        reason: "order_cancelled",
        status: "refunded",
        amount: total,
        providerRefundId: expect.stringMatching(/^rfnd_/),
      },
    ]);
    expect(await stockOf(app, variant)).toBe(stockAfterSale + 2);
  });

  it("refunds all but the 10% fee for a shipped order cancelled after 24 hours", async () => {
    const { orderId, total } = await paidCardOrder();
    await app.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 50 * HOUR) })
      .where(eq(orders.id, orderId));
    await setStatus(orderId, { status: "shipped", tracking_number: "DELHIVERY-55" });
    const { refund, order } = await setStatus(orderId, { status: "cancelled" });
    const fee = Math.round(total / 10);
    expect(refund).toMatchObject({
      rule: "in_transit_fee",
      fee_minor: fee,
      refund_minor: total - fee,
      status: "refunded",
    });
    // The fee stays with the shop: the payment is not refunded whole, the order is (all it was owed went back).
    expect(order).toMatchObject({
      status: "refunded",
      payments: [{ status: "captured" }],
      refunds: [{ reason: "order_cancelled", status: "refunded", amount_minor: total - fee }],
    });
    expect((await storedOrder(app, orderId)).refunds[0]?.providerRefundId).toMatch(/^rfnd_/);
  });
});

describe("a refund the provider cannot take at once", () => {
  const refundDueNow = (orderId: number) =>
    app.database.db
      .update(refunds)
      .set({ nextAt: new Date(Date.now() - 1000) })
      .where(eq(refunds.orderId, orderId));
  const outages = () => {
    if (!app.paymentSimulator) throw new Error("no simulator");
    return app.paymentSimulator.outages;
  };

  it("is kept and retried from the queue, later, until the provider takes it", async () => {
    const { orderId, total } = await paidCardOrder();
    outages().failRefunds(2);
    const { refund, order } = await setStatus(orderId, { status: "cancelled" });
    expect(refund).toMatchObject({ refund_minor: total, status: "requested" });
    expect(order.status).toBe("cancelled");
    expect(order.payments[0]).toMatchObject({ status: "captured" });
    expect(order.refunds[0]).toMatchObject({
      status: "requested",
      amount_minor: total,
      attempts: 1,
      error: expect.stringContaining("503"),
    });
    const next = Date.parse(order.refunds[0]?.next_at ?? "");
    expect(next - Date.now()).toBeGreaterThan(50_000);

    // Not due yet: the scheduled run leaves it alone.
    expect(await app.services.payments.refunds.runDue()).toBe(0);
    await refundDueNow(orderId);
    expect(await app.services.payments.refunds.runDue()).toBe(1);
    expect((await storedOrder(app, orderId)).refunds[0]).toMatchObject({ status: "requested", attempts: 2 });
    await refundDueNow(orderId);
    await app.services.payments.refunds.runDue();
    const stored = await storedOrder(app, orderId);
    expect(stored.order.status).toBe("refunded");
    expect(stored.payment).toMatchObject({ status: "refunded" });
    expect(stored.refunds[0]).toMatchObject({ status: "refunded", attempts: 2, error: null, nextAt: null });
  });

  it("fails for good after the last try: the seller is e-mailed and retries it from the back office", async () => {
    const { orderId, total } = await paidCardOrder();
    outages().failRefunds(REFUND_RETRY_DELAYS_MS.length + 1);
    await setStatus(orderId, { status: "cancelled" });
    for (let i = 0; i < REFUND_RETRY_DELAYS_MS.length; i++) {
      await refundDueNow(orderId);
      expect(await app.services.payments.refunds.runDue()).toBe(1);
    }
    const failed = await call(app, admin, "GET", `/api/admin/orders/${orderId}`);
    expect(failed.json()).toMatchObject({
      status: "cancelled",
      refunds: [{ status: "failed", attempts: REFUND_RETRY_DELAYS_MS.length + 1, next_at: null }],
    });
    const alerts = await app.database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `Refund failed for order #${orderId}:%`));
    expect(alerts.map((m) => m.to)).toContain(adminEmail);
    expect(alerts[0]?.text).toContain(formatMoney(total / 100, "INR"));
    await refundDueNow(orderId);
    expect(await app.services.payments.refunds.runDue()).toBe(0);

    const retried = await call(app, admin, "POST", `/api/admin/orders/${orderId}/refund-retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      status: "refunded",
      payments: [{ status: "refunded" }],
      refunds: [{ status: "refunded" }],
    });
    const again = await call(app, admin, "POST", `/api/admin/orders/${orderId}/refund-retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "NO_FAILED_REFUND" });
  });
});

describe("REFUND_TRIES cuts the retry schedule short", () => {
  let quick: FastifyInstance;
  let quickAdmin: Record<string, string>;
  beforeAll(async () => {
    quick = await createListeningTestApp({ config: { refundTries: loadConfig({ REFUND_TRIES: "1" }).refundTries } });
    ({ headers: quickAdmin } = await newAdmin(quick));
  });
  afterAll(async () => {
    await webhooksSettled(quick);
    await quick.close();
  });

  it("with one try, a refund the provider refuses fails for good at once, and Retry refund tries again", async () => {
    const [variant] = await pickVariants(quick, { minStock: 5, count: 1 });
    if (!variant) throw new Error("no variant");
    const { orderId } = await paidCardOrderOf(quick, [{ variant }]);

    quick.paymentSimulator?.outages.failRefunds(1);
    const cancelled = await call(quick, quickAdmin, "POST", `/api/admin/orders/${orderId}/status`, {
      status: "cancelled",
    });
    expect(cancelled.json<OrderStatusChangeResponse>().order.refunds[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      next_at: null,
      error: expect.stringContaining("503"),
    });

    const retried = await call(quick, quickAdmin, "POST", `/api/admin/orders/${orderId}/refund-retry`);
    expect(retried.json()).toMatchObject({ status: "refunded", payments: [{ status: "refunded" }] });
  });
});
