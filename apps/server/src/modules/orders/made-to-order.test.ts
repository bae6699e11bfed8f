import { eq } from "drizzle-orm";
import type { AdminOrderDetail, AdminProduct, CartResponse, OrderDetail, ProductDetailResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newAdmin } from "../admin/test-support";
import { addBody, pickVariants, type PickedVariant } from "../cart/test-support";
import { cartLines } from "../cart/tables";
import { products } from "../catalog/tables";
import { createListeningTestApp, createOrder, orderBody, payByCard, verifyPayment } from "../checkout/test-support";
import { auditLog } from "../admin/tables";
import { orderEvents, orderLines, orders } from "./tables";

/** Made to order (decision 099): the product's fields, the cart line's notes, the order line, making and returns. */
let app: FastifyInstance;
let admin: Record<string, string>;
let tailored: PickedVariant;
let stocked: PickedVariant;
const PROMPT = "Your measurements: chest, waist, length";
const NOTES = "Chest 96 cm, waist 82 cm, length 110 cm";

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [tailored, stocked] = (await pickVariants(app, { minStock: 20, count: 2 })) as [PickedVariant, PickedVariant];
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const db = () => app.database.db;
const patchProduct = (id: number, body: unknown) => call(app, admin, "PATCH", `/api/admin/products/${id}`, body);
const productRow = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]!;
const add = (variant: PickedVariant, extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/cart-items/", headers, payload: addBody(variant, extra, "INR") });
const production = (orderId: number, lineId: number, body: unknown, headers = admin) =>
  call(app, headers, "POST", `/api/admin/orders/${orderId}/lines/${lineId}/production`, body);

/** A signed-in shopper's paid card order of the made-to-order piece with notes (and optionally a stocked piece). */
async function paidOrder(withStocked = false) {
  const headers = tokenHeader((await newShopper(app)).token);
  const first = await add(tailored, { notes: NOTES }, headers);
  expect(first.statusCode, first.body).toBe(200);
  const cartId = first.json<CartResponse>().cart_id!;
  if (withStocked) expect((await add(stocked, { cart_id: cartId }, headers)).statusCode).toBe(200);
  const cart = await app.inject({ method: "GET", url: `/api/get-cart-items/?cart_id=${cartId}&currency=INR`, headers });
  const amount = cart.json<CartResponse>().subtotal * 100;
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", amount), headers);
  expect(created.statusCode, created.body).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verified = await verifyPayment(app, { amount, razorpay: true, cart_id: cartId, ...paid }, headers);
  expect(verified.json().status, verified.body).toBe("paid");
  return { orderId: data.order_id as number, headers };
}

describe("the seller's made-to-order fields", () => {
  it("refuses bad values with a message naming the field and changes nothing", async () => {
    const before = await productRow(tailored.productId);
    for (const [body, path] of [
      [{ made_to_order_days: 0 }, "made_to_order_days"],
      [{ made_to_order_days: 181 }, "made_to_order_days"],
      [{ made_to_order_days: 2.5 }, "made_to_order_days"],
      [{ made_to_order_days: "soon" }, "made_to_order_days"],
      [{ made_to_order_prompt: "x".repeat(201) }, "made_to_order_prompt"],
      [{ made_to_order_prompt: "bad\u0000text" }, "made_to_order_prompt"],
      [{ made_to_order_notes_required: "yes" }, "made_to_order_notes_required"],
      [{ made_to_order_returnable: 1 }, "made_to_order_returnable"],
      [{ made_to_order_days: null, made_to_order_notes_required: true }, "made_to_order_notes_required"],
      // Found by the bad-input ring: a negative dollar price beside a rupee one was a 500 (the conversion threw).
      [{ size: tailored.size, offer_price: -1, offer_price_inr: 109 }, "offer_price"],
    ] as const) {
      const res = await patchProduct(tailored.productId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(path);
    }
    // Asking for notes on a stocked product (days not given, none stored) is refused by the server too.
    const stockedAsk = await patchProduct(stocked.productId, { made_to_order_notes_required: true });
    expect(stockedAsk.statusCode, stockedAsk.body).toBe(400);
    expect((await productRow(stocked.productId)).madeToOrderNotesRequired).toBe(false);
    expect(await productRow(tailored.productId)).toEqual(before);
  });

  it("saves the fields, shows them on the form and on the product page (not returnable by default)", async () => {
    const res = await patchProduct(tailored.productId, {
      made_to_order_days: 21,
      made_to_order_prompt: PROMPT,
      made_to_order_notes_required: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const form = (await call(app, admin, "GET", `/api/admin/products/${tailored.productId}`)).json<AdminProduct>();
    expect(form).toMatchObject({
      made_to_order_days: 21,
      made_to_order_prompt: PROMPT,
      made_to_order_notes_required: true,
      made_to_order_returnable: false,
    });
    const page = await app.inject({
      method: "GET",
      url: `/api/get-product-detail/?product_pk=${tailored.productId}&size=${tailored.size}&currency=INR`,
    });
    expect(page.json<ProductDetailResponse>().data.made_to_order).toEqual({
      days: 21,
      prompt: PROMPT,
      notes_required: true,
      returnable: false,
    });
    const plain = await app.inject({
      method: "GET",
      url: `/api/get-product-detail/?product_pk=${stocked.productId}&size=${stocked.size}&currency=INR`,
    });
    expect(plain.json<ProductDetailResponse>().data.made_to_order).toBeNull();
  });
});

describe("adding a made-to-order piece to the cart", () => {
  it("refuses a piece without its required notes, and notes for a stocked piece, writing no cart", async () => {
    const lines = async () => (await db().select().from(cartLines)).length;
    const count = await lines();
    const missing = await add(tailored, {});
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json()).toMatchObject({ code: "NOTES_REQUIRED" });
    expect(missing.json().message).toContain(PROMPT);
    const blank = await add(tailored, { notes: "   " });
    expect(blank.statusCode).toBe(422);
    const extra = await add(stocked, { notes: "make it blue" });
    expect(extra.statusCode, extra.body).toBe(422);
    expect(extra.json()).toMatchObject({ code: "NOTES_NOT_TAKEN" });
    for (const notes of ["x".repeat(501), 42, "bad\u0007bell"]) {
      const bad = await add(tailored, { notes });
      expect(bad.statusCode, String(notes)).toBe(400);
      expect(JSON.stringify(bad.json().errors)).toContain("notes");
    }
    expect(await lines()).toBe(count);
  });

  it("keeps the notes on the line; other notes make another line, the same notes add up", async () => {
    const first = await add(tailored, { notes: NOTES });
    expect(first.statusCode, first.body).toBe(200);
    const cartId = first.json<CartResponse>().cart_id;
    expect(first.json<CartResponse>().data[0]).toMatchObject({ notes: NOTES, made_to_order_days: 21 });
    const second = await add(tailored, { cart_id: cartId, notes: "Chest 100 cm" });
    expect(second.json<CartResponse>().data.map((l) => l.notes)).toEqual([NOTES, "Chest 100 cm"]);
    const again = await add(tailored, { cart_id: cartId, notes: NOTES });
    expect(again.json<CartResponse>().data.map((l) => [l.notes, l.quantity])).toEqual([
      [NOTES, 2],
      ["Chest 100 cm", 1],
    ]);
    const removed = await app.inject({
      method: "POST",
      url: "/api/remove-cart-items/",
      payload: { product_pk: tailored.productId, size: tailored.size, cart_id: cartId, notes: "Chest 100 cm" },
    });
    expect(removed.json<CartResponse>().data.map((l) => l.notes)).toEqual([NOTES]);
  });
});

describe("checkout", () => {
  it("refuses a line without the notes its product asks for (in the cart before the seller asked)", async () => {
    const first = await add(stocked, {});
    const cartId = first.json<CartResponse>().cart_id!;
    // The same piece without notes, as a reminder's restore or an earlier add would have left it.
    await db().insert(cartLines).values({ cartId, productId: tailored.productId, size: tailored.size, quantity: 1 });
    const cart = await app.inject({ method: "GET", url: `/api/get-cart-items/?cart_id=${cartId}&currency=INR` });
    const amount = cart.json<CartResponse>().subtotal * 100;
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", amount));
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json().code).toBe("NOTES_REQUIRED");
  });
});

describe("the order line and its making", () => {
  it("keeps notes, lead time and returnable; the promise adds the lead time; the seller moves the making on", async () => {
    const { orderId, headers } = await paidOrder(true);
    const page = (await app.inject({ method: "GET", url: `/api/orders/${orderId}`, headers })).json<{
      data: OrderDetail;
    }>().data;
    const made = page.lines.find((l) => l.product_pk === tailored.productId)!;
    const plain = page.lines.find((l) => l.product_pk === stocked.productId)!;
    expect(made).toMatchObject({ notes: NOTES, lead_days: 21, returnable: false, production_status: null });
    expect(plain).toMatchObject({ notes: "", lead_days: null, returnable: true, production_status: null });
    // The promise starts after 21 days of making: at least three weeks from today.
    const earliest = new Date(`${page.delivery_window.earliest}T00:00:00Z`).getTime();
    expect(earliest - Date.now()).toBeGreaterThan(20 * 86_400_000);

    // Bad input: 400, nothing changed.
    for (const body of [{}, { status: "done" }, { status: null }, { status: ["ready"] }]) {
      const res = await production(orderId, made.line_id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await production(orderId, 0, { status: "in_production" })).statusCode).toBe(400);
    expect((await call(app, admin, "POST", `/api/admin/orders/x/lines/1/production`, {})).statusCode).toBe(400);
    // The wrong line, step or product: refused, nothing changed.
    expect((await production(orderId, 2_000_000_000, { status: "in_production" })).statusCode).toBe(404);
    expect((await production(999_999, made.line_id, { status: "in_production" })).statusCode).toBe(404);
    const early = await production(orderId, made.line_id, { status: "ready" });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe("PRODUCTION_STEP");
    const stockLine = await production(orderId, plain.line_id, { status: "in_production" });
    expect(stockLine.json().code).toBe("NOT_MADE_TO_ORDER");
    // A shopper is not the seller.
    expect((await production(orderId, made.line_id, { status: "in_production" }, headers)).statusCode).toBe(403);

    const started = await production(orderId, made.line_id, { status: "in_production" });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<AdminOrderDetail>().lines.find((l) => l.id === made.line_id)).toMatchObject({
      production_status: "in_production",
      notes: NOTES,
      lead_days: 21,
    });
    expect((await production(orderId, made.line_id, { status: "in_production" })).statusCode).toBe(409);
    expect((await production(orderId, made.line_id, { status: "ready" })).statusCode).toBe(200);
    expect((await production(orderId, made.line_id, { status: "ready" })).statusCode).toBe(409);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "order-line:production"));
    expect(audits.filter((a) => a.entityId === String(orderId))).toHaveLength(2);
    const shown = (await app.inject({ method: "GET", url: `/api/orders/${orderId}`, headers })).json<{
      data: OrderDetail;
    }>().data;
    expect(shown.lines.find((l) => l.line_id === made.line_id)?.production_status).toBe("ready");
  });

  it("is refused on an order that is not paid or confirmed (unpaid, or shipped)", async () => {
    const { orderId } = await paidOrder();
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, orderId));
    const shipped = await production(orderId, line!.id, { status: "in_production" });
    expect(shipped.statusCode, shipped.body).toBe(409);
    expect(shipped.json().code).toBe("ORDER_NOT_IN_PRODUCTION");
    await db().update(orders).set({ status: "pending_payment" }).where(eq(orders.id, orderId));
    expect((await production(orderId, line!.id, { status: "in_production" })).statusCode).toBe(409);
    const [after] = await db().select().from(orderLines).where(eq(orderLines.id, line!.id));
    expect(after!.productionStatus).toBeNull();
  });
});

describe("returns", () => {
  it("refuses a return of a line sold as not returnable, with a clear message", async () => {
    const { orderId, headers } = await paidOrder();
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
    // Delivered a day ago, well inside the return window.
    await db().update(orders).set({ status: "delivered" }).where(eq(orders.id, orderId));
    await db()
      .insert(orderEvents)
      .values({
        orderId,
        fromStatus: "shipped",
        toStatus: "delivered",
        note: "test",
        createdAt: new Date(Date.now() - 86_400_000),
      });
    const res = await call(app, headers, "POST", `/api/orders/${orderId}/returns`, {
      kind: "return",
      reason: "Size does not fit",
      lines: [{ line_id: line!.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe("NOT_RETURNABLE");
    expect(res.json().message).toContain("made to order for you and is not returnable");
  });
});

describe("reorder", () => {
  it("puts the made-to-order piece back in the cart with its notes, and checkout takes it", async () => {
    const { orderId, headers } = await paidOrder();
    const res = await call(app, headers, "POST", "/api/reorder/", { order_id: orderId });
    expect(res.statusCode, res.body).toBe(200);
    const cart = await app.inject({ method: "GET", url: "/api/get-cart-items/?currency=INR", headers });
    const cartId = cart.json<CartResponse>().cart_id!;
    const lines = await db()
      .select({ productId: cartLines.productId, notes: cartLines.notes, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId));
    expect(lines).toEqual([{ productId: tailored.productId, notes: NOTES, quantity: 1 }]);
    const amount = cart.json<CartResponse>().subtotal * 100;
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", amount), headers);
    expect(created.statusCode, created.body).toBe(200);
  });
});
