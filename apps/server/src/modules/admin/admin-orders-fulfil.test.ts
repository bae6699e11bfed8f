import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type {
  AdminOrderDetail,
  AdminOrderListResponse,
  BulkShipResponse,
  OrderStatusChangeResponse,
} from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../email/tables";
import { productVariants } from "../catalog/tables";
import { orderLines, orders } from "../orders/tables";
import { payments, refunds } from "../payments/tables";
import { createTestApp } from "../../testing/test-app";
import { auditLog } from "./tables";
import { call, insertOrder, roles } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  // No payment provider: a requested refund stays refund_requested, so the amount asked can be read back.
  app = await createTestApp({ config: { simulator: false } });
  ({ admin } = await roles(app));
});
afterAll(() => app.close());

const db = () => app.database.db;
const stockOf = async (variantId: number) =>
  (
    await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId))
  )[0]?.stock ?? 0;
const paymentOf = async (orderId: number) =>
  (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0];
const refundsOf = (orderId: number) =>
  db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const linesOf = (id: number) =>
  db().select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
const list = async (query: string) => {
  const res = await call(app, admin, "GET", `/api/admin/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AdminOrderListResponse).data.map((o) => o.id);
};

/** Two lines (2 x 3000 and 1 x 4000), a 1000 discount and 500 shipping: subtotal 10000, total 9500 (minor units). */
async function twoLineOrder(seed: Parameters<typeof insertOrder>[1] = {}) {
  const { order, variant } = await insertOrder(app, { total: 9_500, currency: "USD", ...seed });
  await db()
    .update(orders)
    .set({ subtotal: 10_000, discount: 1_000, shipping: 500, total: 9_500, promoCode: "DIWALI10" })
    .where(eq(orders.id, order.id));
  await db()
    .update(orderLines)
    .set({ unitPrice: 3_000, unitMrp: 3_000, quantity: 2 })
    .where(eq(orderLines.orderId, order.id));
  await db()
    .insert(orderLines)
    .values({
      orderId: order.id,
      productId: variant.productId,
      variantId: variant.variantId,
      productName: `${variant.name} (second)`,
      size: "S",
      unitPrice: 4_000,
      unitMrp: 4_000,
      quantity: 1,
    });
  const [first, second] = await linesOf(order.id);
  return { order, variant, first: first!, second: second! };
}

describe("orders list: search and the to-ship view", () => {
  it("finds an order by its number, #number, part of the name, phone digits and e-mail", async () => {
    // A letter first: a tag of hex digits only would be searched as an order or phone number.
    const tag = `q${randomUUID().slice(0, 8)}`;
    const { order } = await insertOrder(app, { deliveryName: `Ruchi ${tag} Verma` });
    const phone = `9${String(Date.now()).slice(-9)}`;
    await db()
      .update(orders)
      .set({ mobileNumber: `${phone.slice(0, 5)} ${phone.slice(5)}`, email: `ruchi.${tag}@example.in` })
      .where(eq(orders.id, order.id));
    const other = await insertOrder(app, { deliveryName: "Someone Else" });

    expect(await list(`query=${order.id}`)).toContain(order.id);
    expect(await list(`query=${order.id}`)).not.toContain(other.order.id);
    expect(await list(`query=${encodeURIComponent(`#${order.id}`)}`)).toContain(order.id);
    expect(await list(`query=${tag.toUpperCase()}`)).toEqual([order.id]);
    expect(await list(`query=${encodeURIComponent(`+91 ${phone}`)}`)).toEqual([order.id]);
    expect(await list(`query=${phone.slice(2, 9)}`)).toEqual([order.id]);
    expect(await list(`query=ruchi.${tag}@EXAMPLE`)).toEqual([order.id]);
    // A LIKE wildcard typed by the seller is a letter, not "anything".
    expect(await list(`query=${encodeURIComponent("%")}`)).toEqual([]);
  });

  it("view=to_ship lists paid and COD-confirmed orders only, and combines with the search", async () => {
    const name = `Ship ${randomUUID().slice(0, 8)}`;
    const paid = await insertOrder(app, { deliveryName: name });
    const cod = await insertOrder(app, { deliveryName: name, paymentMethod: "cod" });
    const pending = await insertOrder(app, { deliveryName: name, status: "pending_payment" });
    const shipped = await insertOrder(app, { deliveryName: name, status: "shipped" });
    const found = await list(`view=to_ship&query=${encodeURIComponent(name)}`);
    expect(found.sort()).toEqual([paid.order.id, cod.order.id].sort());
    expect(found).not.toContain(pending.order.id);
    expect(found).not.toContain(shipped.order.id);
    expect((await call(app, admin, "GET", "/api/admin/orders?view=shipped")).statusCode).toBe(400);
  });

  it("shows a USD order's total in rupees at the order's own rate", async () => {
    const { order } = await insertOrder(app, { total: 4_999, currency: "USD" });
    const res = await call(app, admin, "GET", `/api/admin/orders?query=${order.id}`);
    const row = (res.json() as AdminOrderListResponse).data.find((o) => o.id === order.id);
    // 49.99 USD x 33.6 = 1679.664 INR -> 167966 paise.
    expect(row?.total_inr_minor).toBe(167_966);
  });
});

describe("bulk ship", () => {
  const ship = (body: unknown) => call(app, admin, "POST", "/api/admin/orders/ship", body);

  it("ships each order it can with its own tracking number and reports each refusal", async () => {
    const a = await insertOrder(app);
    const b = await insertOrder(app, { paymentMethod: "cod" });
    const pending = await insertOrder(app, { status: "pending_payment" });
    const res = await ship({
      orders: [
        { id: a.order.id, tracking_number: "DTDC-A1" },
        { id: 2_000_000_000, tracking_number: "NOPE" },
        { id: pending.order.id, tracking_number: "PEND-1" },
        { id: b.order.id, tracking_number: "DTDC-B2" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BulkShipResponse;
    expect(body).toMatchObject({ shipped: 2, refused: 2 });
    expect(body.results).toEqual([
      { id: a.order.id, ok: true, status: "shipped", message: null, code: null },
      { id: 2_000_000_000, ok: false, status: null, message: "Order 2000000000 was not found.", code: "NOT_FOUND" },
      {
        id: pending.order.id,
        ok: false,
        status: "pending_payment",
        message: expect.stringContaining("cannot be marked"),
        code: "INVALID_TRANSITION",
      },
      { id: b.order.id, ok: true, status: "shipped", message: null, code: null },
    ]);
    expect(await orderRow(a.order.id)).toMatchObject({ status: "shipped", trackingNumber: "DTDC-A1" });
    expect(await orderRow(b.order.id)).toMatchObject({ status: "shipped", trackingNumber: "DTDC-B2" });
    expect(await orderRow(pending.order.id)).toMatchObject({ status: "pending_payment", trackingNumber: null });
  });

  it.each([
    ["no orders", { orders: [] }],
    ["a blank tracking number", { orders: [{ id: 1, tracking_number: " " }] }],
    ["the same order twice", { orders: "twice" }],
    ["not a list", { orders: "1,2" }],
  ])("answers 400 for %s and ships nothing", async (_what, body) => {
    const { order } = await insertOrder(app);
    const payload =
      body.orders === "twice"
        ? {
            orders: [
              { id: order.id, tracking_number: "X1" },
              { id: order.id, tracking_number: "X2" },
            ],
          }
        : body;
    const res = await ship(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", trackingNumber: null });
  });
});

describe("tracking number correction", () => {
  it("corrects a shipped order's number without a status change, in its history and the audit log", async () => {
    const { order } = await insertOrder(app);
    await call(app, admin, "POST", `/api/admin/orders/${order.id}/status`, {
      status: "shipped",
      tracking_number: "BD-1",
    });
    const res = await call(app, admin, "PATCH", `/api/admin/orders/${order.id}/tracking`, { tracking_number: "BD-17" });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminOrderDetail;
    expect(detail).toMatchObject({ status: "shipped", tracking_number: "BD-17" });
    expect(detail.events.at(-1)).toMatchObject({ from_status: "shipped", to_status: "shipped" });
    expect(detail.events.at(-1)?.note).toContain("BD-1 to BD-17");
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, "tracking:correct")));
    expect(audit?.changes).toEqual({ tracking_number: { before: "BD-1", after: "BD-17" } });
  });

  it("refuses a blank number (400) and an order not shipped (409), changing nothing", async () => {
    const { order } = await insertOrder(app);
    const blank = await call(app, admin, "PATCH", `/api/admin/orders/${order.id}/tracking`, { tracking_number: "" });
    expect(blank.statusCode).toBe(400);
    const paid = await call(app, admin, "PATCH", `/api/admin/orders/${order.id}/tracking`, { tracking_number: "X-1" });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe("NOT_SHIPPED");
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", trackingNumber: null });
  });
});

describe("partial cancellation", () => {
  const cancelLines = (id: number, body: unknown) =>
    call(app, admin, "POST", `/api/admin/orders/${id}/cancel-lines`, body);

  it("cancels one piece of a paid card order: stock back, totals with the discount shared out, that refund asked", async () => {
    const { order, variant, first } = await twoLineOrder();
    const stockBefore = await stockOf(variant.variantId);
    const res = await cancelLines(order.id, { lines: [{ line_id: first.id, quantity: 1 }], note: "Torn in packing" });
    expect(res.statusCode, res.body).toBe(200);
    const { order: detail, refund } = res.json() as OrderStatusChangeResponse;
    // 3000 removed; its discount share floor(1000 x 3000 / 10000) = 300; 2700 back. Shipping stays.
    expect(refund).toEqual({
      rule: "cancelled_pieces",
      currency: "USD",
      paid_minor: 9_500,
      fee_minor: 0,
      refund_minor: 2_700,
      status: "requested",
    });
    expect(detail).toMatchObject({
      status: "paid",
      subtotal_minor: 7_000,
      discount_minor: 700,
      shipping_minor: 500,
      total_minor: 6_800,
      items: 2,
      can_cancel_lines: true,
    });
    expect(detail.lines[0]).toMatchObject({ quantity: 2, cancelled_quantity: 1, line_total_minor: 3_000 });
    expect(await stockOf(variant.variantId)).toBe(stockBefore + 1);
    expect(await refundsOf(order.id)).toMatchObject([
      { reason: "pieces_cancelled", amount: 2_700, method: "provider" },
    ]);
    expect(detail.events.at(-1)).toMatchObject({ from_status: "paid", to_status: "paid" });
    expect(detail.events.at(-1)?.note).toContain("Torn in packing");
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "asha@example.in"));
    expect(mails.some((m) => m.subject.includes(`order #${order.id} has changed`) && m.text.includes("$27"))).toBe(
      true,
    );

    // While that refund is owed, a further cancellation asks one of its own: 3000 less floor(700 x 3000 / 7000).
    const again = await cancelLines(order.id, { lines: [{ line_id: first.id, quantity: 1 }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ total: 4_100 });
    expect((await refundsOf(order.id)).map((r) => r.amount)).toEqual([2_700, 2_700]);
  });

  it("refuses cancelling more pieces than a line has left, or a line of another order, changing nothing", async () => {
    const { order, variant, first } = await twoLineOrder({ paymentMethod: "cod", currency: "INR" });
    const other = await insertOrder(app);
    const [otherLine] = await linesOf(other.order.id);
    const stockBefore = await stockOf(variant.variantId);
    for (const lines of [[{ line_id: first.id, quantity: 3 }], [{ line_id: otherLine!.id, quantity: 1 }]]) {
      const res = await cancelLines(order.id, { lines });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].path).toMatch(/^body\.lines\.0\./);
    }
    for (const body of [
      { lines: [] },
      { lines: [{ line_id: first.id, quantity: 0 }] },
      { lines: [{ line_id: first.id }] },
    ]) {
      expect((await cancelLines(order.id, body)).statusCode).toBe(400);
    }
    expect(await stockOf(variant.variantId)).toBe(stockBefore);
    expect(await orderRow(order.id)).toMatchObject({ status: "cod_confirmed", total: 9_500 });
    expect((await linesOf(order.id)).map((l) => l.cancelledQuantity)).toEqual([0, 0]);
  });

  it("a COD order just gets smaller; cancelling its last pieces cancels it, restocking only those", async () => {
    const { order, variant, first, second } = await twoLineOrder({ paymentMethod: "cod", currency: "INR" });
    const stockBefore = await stockOf(variant.variantId);
    const part = await cancelLines(order.id, { lines: [{ line_id: second.id, quantity: 1 }] });
    expect(part.statusCode, part.body).toBe(200);
    // 4000 removed, share floor(1000 x 4000 / 10000) = 400: the amount to collect falls by 3600.
    expect(part.json()).toMatchObject({ refund: { refund_minor: 0, status: "none" }, order: { total_minor: 5_900 } });
    expect(await paymentOf(order.id)).toBeUndefined();
    const rest = await cancelLines(order.id, { lines: [{ line_id: first.id, quantity: 2 }] });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ order: { status: "cancelled", can_cancel_lines: false } });
    expect(await stockOf(variant.variantId)).toBe(stockBefore + 3);
  });

  it("refuses pieces of a shipped order (409)", async () => {
    const { order, first } = await twoLineOrder({ status: "shipped" });
    const res = await cancelLines(order.id, { lines: [{ line_id: first.id, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("LINES_NOT_CANCELLABLE");
  });
});
