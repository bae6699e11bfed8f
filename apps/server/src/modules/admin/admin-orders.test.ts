import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ORDER_STATUS_MESSAGES, type AdminOrderDetail, type OrderStatusChangeResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants } from "../catalog/tables";
import { orderEvents, orders } from "../orders/tables";
import { payments } from "../payments/tables";
import { createTestApp } from "../../testing/test-app";
import { auditLog } from "./tables";
import { HOUR, call, insertOrder, roles } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  // No payment provider at all: the refund the payments module would send fails, so these tests see the
  // seam it leaves (payment refund_requested); admin-refunds.test.ts pays and refunds through the simulator.
  app = await createTestApp({ config: { simulator: false } });
  ({ admin, adminId } = await roles(app));
});
afterAll(() => app.close());

const setStatus = (id: number, body: Record<string, unknown>) =>
  call(app, admin, "POST", `/api/admin/orders/${id}/status`, body);
const stockOf = async (variantId: number) =>
  (
    await app.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId))
  )[0]?.stock;
const paymentOf = async (orderId: number) =>
  (await app.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
const orderOf = async (orderId: number) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];

describe("status transitions", () => {
  it("ships a paid order with its tracking number, then delivers it; each step is an event and an audit row", async () => {
    const { order } = await insertOrder(app);
    const shipped = await setStatus(order.id, {
      status: "shipped",
      tracking_number: "DTDC-7741-2026",
      note: "Sent with Delhivery",
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      refund: null,
      order: { status: "shipped", tracking_number: "DTDC-7741-2026", allowed_transitions: ["delivered", "cancelled"] },
    });
    // Shipping takes no money back: the payment stays captured.
    expect(shipped.json().order.payments).toMatchObject([{ status: "captured" }]);
    const delivered = await setStatus(order.id, { status: "delivered" });
    const detail: AdminOrderDetail = delivered.json().order;
    expect(detail.status).toBe("delivered");
    expect(detail.events.map((e) => [e.from_status, e.to_status, e.note])).toEqual([
      ["paid", "shipped", "Sent with Delhivery"],
      ["shipped", "delivered", ""],
    ]);
    expect(detail.events[0]?.data).toMatchObject({ by: "admin", tracking_number: "DTDC-7741-2026" });

    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(order.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([
      ["status:shipped", adminId],
      ["status:delivered", adminId],
    ]);
    expect(audits[0]?.changes).toEqual({
      status: { before: "paid", after: "shipped" },
      tracking_number: { before: null, after: "DTDC-7741-2026" },
    });
  });

  it("requires a tracking number to ship, and changes nothing without one", async () => {
    const { order } = await insertOrder(app);
    for (const body of [{ status: "shipped" }, { status: "shipped", tracking_number: "   " }]) {
      const res = await setStatus(order.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({
        path: "body.tracking_number",
        message: ORDER_STATUS_MESSAGES.trackingRequired,
      });
    }
    const [stored] = await app.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: "paid", trackingNumber: null });
  });

  it.each([
    ["pending_payment", "shipped"],
    ["pending_payment", "delivered"],
    ["paid", "delivered"],
    ["cod_confirmed", "refunded"],
    ["delivered", "cancelled"],
    ["refunded", "cancelled"],
  ] as const)("refuses %s -> %s (not in the state machine) with a 409 and no trace", async (from, to) => {
    const { order } = await insertOrder(app, {
      status: from,
      paymentMethod: from === "cod_confirmed" ? "cod" : "razorpay",
    });
    const res = await setStatus(order.id, { status: to, tracking_number: "X1" });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("INVALID_TRANSITION");
    const [stored] = await app.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.status).toBe(from);
    expect(await app.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toEqual([]);
  });

  it("does not let the seller mark an order paid (only checkout does, taking the stock)", async () => {
    const { order } = await insertOrder(app, { status: "pending_payment" });
    expect((await setStatus(order.id, { status: "paid" })).statusCode).toBe(400);
  });

  it("answers 404 for an unknown order", async () => {
    expect((await setStatus(999_999, { status: "delivered" })).statusCode).toBe(404);
    expect((await call(app, admin, "GET", "/api/admin/orders/999999")).statusCode).toBe(404);
  });
});

describe("cancellation and refunds (spec: full refund within 24 hrs; 10% fee once in transit)", () => {
  const cancel = async (id: number) => {
    const res = await setStatus(id, { status: "cancelled", note: "Customer asked" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderStatusChangeResponse;
  };

  it("refunds a paid order in full within 24 hours, puts the pieces back and asks the provider for the refund", async () => {
    const { order, variant } = await insertOrder(app, {
      total: 9_900,
      currency: "USD",
      createdAt: new Date(Date.now() - 23 * HOUR),
      quantity: 3,
    });
    const stockBefore = await stockOf(variant.variantId);
    const { refund, order: detail } = await cancel(order.id);
    expect(refund).toEqual({
      rule: "within_24h",
      currency: "USD",
      paid_minor: 9_900,
      fee_minor: 0,
      refund_minor: 9_900,
      status: "requested",
    });
    expect(await stockOf(variant.variantId)).toBe((stockBefore ?? 0) + 3);
    expect(detail.payments).toMatchObject([{ status: "captured", amount_minor: 9_900 }]);
    expect(detail.refunds).toMatchObject([{ reason: "order_cancelled", method: "provider", amount_minor: 9_900 }]);
    expect(detail.events.at(-1)).toMatchObject({
      from_status: "paid",
      to_status: "cancelled",
      note: "Customer asked",
      data: { refund, restocked: [{ variant_id: variant.variantId, quantity: 3 }] },
    });
  });

  it("keeps 10% of the order value when a shipped order is cancelled after 24 hours, and restocks nothing", async () => {
    const { order, variant } = await insertOrder(app, {
      total: 259_900,
      currency: "INR",
      createdAt: new Date(Date.now() - 3 * 24 * HOUR),
      paymentMethod: "razorpay",
    });
    await setStatus(order.id, { status: "shipped", tracking_number: "BLUEDART-1" });
    const stockBefore = await stockOf(variant.variantId);
    const { refund, order: detail } = await cancel(order.id);
    expect(refund).toEqual({
      rule: "in_transit_fee",
      currency: "INR",
      paid_minor: 259_900,
      fee_minor: 25_990,
      refund_minor: 233_910,
      status: "requested",
    });
    expect(await stockOf(variant.variantId)).toBe(stockBefore);
    expect(detail.events.at(-1)?.data).toMatchObject({ refund: { refund_minor: 233_910, fee_minor: 25_990 } });
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, "status:cancelled")));
    expect(audit?.changes).toMatchObject({
      status: { before: "shipped", after: "cancelled" },
      refund: { after: { refund_minor: 233_910 } },
    });
  });

  it("refunds in full a shipped order cancelled within 24 hours, and a paid one not yet shipped after 24 hours", async () => {
    const quick = await insertOrder(app, { total: 5_000, createdAt: new Date(Date.now() - 2 * HOUR) });
    await setStatus(quick.order.id, { status: "shipped", tracking_number: "IP-9" });
    expect((await cancel(quick.order.id)).refund).toMatchObject({
      rule: "within_24h",
      refund_minor: 5_000,
      fee_minor: 0,
    });
    const slow = await insertOrder(app, {
      total: 5_000,
      createdAt: new Date(Date.now() - 5 * 24 * HOUR),
      paymentMethod: "paypal",
    });
    expect((await cancel(slow.order.id)).refund).toMatchObject({
      rule: "not_shipped",
      refund_minor: 5_000,
      fee_minor: 0,
    });
  });

  it("has nothing to refund for cash on delivery or an unpaid order, but still puts confirmed COD pieces back", async () => {
    const cod = await insertOrder(app, {
      paymentMethod: "cod",
      total: 129_900,
      createdAt: new Date(Date.now() - 48 * HOUR),
      quantity: 1,
    });
    const stockBefore = await stockOf(cod.variant.variantId);
    expect((await cancel(cod.order.id)).refund).toEqual({
      rule: "nothing_paid",
      currency: "INR",
      paid_minor: 0,
      fee_minor: 0,
      refund_minor: 0,
      status: "none",
    });
    expect(await stockOf(cod.variant.variantId)).toBe((stockBefore ?? 0) + 1);
    const pending = await insertOrder(app, { status: "pending_payment" });
    const stockPending = await stockOf(pending.variant.variantId);
    expect((await cancel(pending.order.id)).refund).toMatchObject({ rule: "nothing_paid", refund_minor: 0 });
    expect(await stockOf(pending.variant.variantId)).toBe(stockPending);
  });

  it("never marks a cancelled order refunded on the seller's word: its own refund does (409, nothing changed)", async () => {
    const { order } = await insertOrder(app, { total: 40_000, createdAt: new Date(Date.now() - 4 * 24 * HOUR) });
    await setStatus(order.id, { status: "shipped", tracking_number: "T-1" });
    const cancelled = await cancel(order.id);
    expect(cancelled.order.allowed_transitions).toEqual([]);
    const res = await setStatus(order.id, { status: "refunded", note: "Refunded from the Razorpay dashboard" });
    expect(res.statusCode).toBe(409);
    expect((await paymentOf(order.id))?.status).toBe("captured");
    expect((await orderOf(order.id))?.status).toBe("cancelled");
  });

  it("refunds a delivered order in full through the provider; it stays delivered until the refund is made", async () => {
    const { order } = await insertOrder(app, { total: 7_700 });
    await setStatus(order.id, { status: "shipped", tracking_number: "T-2" });
    await setStatus(order.id, { status: "delivered" });
    const res = (await setStatus(order.id, { status: "refunded" })).json() as OrderStatusChangeResponse;
    expect(res.refund).toMatchObject({ rule: "full", refund_minor: 7_700, status: "requested" });
    expect(res.order).toMatchObject({
      status: "delivered",
      refunds: [{ reason: "order_refunded", amount_minor: 7_700, method: "provider" }],
    });
  });
});

describe("GET /api/admin/orders and /orders.csv", () => {
  it("filters by status, payment method, currency and IST dates, newest first", async () => {
    const old = await insertOrder(app, {
      paymentMethod: "paypal",
      currency: "USD",
      createdAt: new Date("2025-03-15T20:00:00Z"),
      deliveryName: "Early Bird",
    });
    // 2025-03-16 01:00 IST: the 16th in Jaipur although still the 15th in UTC.
    const lateNight = await insertOrder(app, {
      paymentMethod: "paypal",
      currency: "USD",
      createdAt: new Date("2025-03-15T19:30:00Z"),
    });
    const list = async (query: string) => (await call(app, admin, "GET", `/api/admin/orders?${query}`)).json();

    const march15 = await list("from=2025-03-15&to=2025-03-15");
    expect(march15.data.map((o: { id: number }) => o.id)).toEqual([]);
    const march16 = await list("from=2025-03-16&to=2025-03-16");
    expect(march16.data.map((o: { id: number }) => o.id)).toEqual([old.order.id, lateNight.order.id]);
    expect(march16.data[0]).toMatchObject({
      customer_name: "Early Bird",
      payment_method: "paypal",
      currency: "USD",
      items: 2,
      email: "asha@example.in",
      status: "paid",
    });

    const cod = await list("payment_method=cod&currency=INR&page_size=100");
    expect(cod.total).toBeGreaterThan(0);
    expect(
      cod.data.every(
        (o: { payment_method: string; currency: string }) => o.payment_method === "cod" && o.currency === "INR",
      ),
    ).toBe(true);
    const refunded = await list("status=refunded");
    expect(refunded.data.every((o: { status: string }) => o.status === "refunded")).toBe(true);
    expect((await call(app, admin, "GET", "/api/admin/orders?from=2025-02-30")).statusCode).toBe(400);
    expect((await call(app, admin, "GET", "/api/admin/orders?status=lost")).statusCode).toBe(400);
  });

  it("exports the same filters as CSV, escaping commas, quotes and formulas", async () => {
    const tricky = await insertOrder(app, {
      deliveryName: 'Sharma, "Kavita"',
      createdAt: new Date("2024-07-01T06:00:00Z"),
      total: 129_900,
      currency: "INR",
      paymentMethod: "razorpay",
    });
    const formula = await insertOrder(app, {
      deliveryName: '=HYPERLINK("http://evil")',
      createdAt: new Date("2024-07-01T07:00:00Z"),
    });
    const res = await call(app, admin, "GET", "/api/admin/orders.csv?from=2024-07-01&to=2024-07-01");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(
      /^order_id,created_at_ist,status,payment_method,currency,subtotal,discount,shipping,total,/,
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${formula.order.id},2024-07-01 12:30,paid,razorpay,USD,`);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(lines[2]).toContain(
      `${tricky.order.id},2024-07-01 11:30,paid,razorpay,INR,1299.00,0.00,0.00,1299.00,,"Sharma, ""Kavita""",asha@example.in,'+91 98290 41234,`,
    );
    expect(lines[2]).toMatch(/\(S\) x2,,false$/);
  });

  it("shows one order with its lines, payment and history", async () => {
    const { order, variant } = await insertOrder(app, { total: 6_000 });
    const detail: AdminOrderDetail = (await call(app, admin, "GET", `/api/admin/orders/${order.id}`)).json();
    expect(detail).toMatchObject({
      id: order.id,
      status: "paid",
      total_minor: 6_000,
      subtotal_minor: 6_000,
      rate_milli: 33_600,
      delivery: { name: "Asha Meena", city: "Jaipur", pin_code: "302002" },
      lines: [
        { product_id: variant.productId, size: "S", quantity: 2, unit_price_minor: 3_000, line_total_minor: 6_000 },
      ],
      payments: [{ provider: "razorpay", status: "captured", amount_minor: 6_000 }],
      events: [],
      allowed_transitions: ["shipped", "cancelled"],
    });
  });
});
