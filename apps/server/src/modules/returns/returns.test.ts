import { and, asc, count, eq, ne } from "drizzle-orm";
import {
  COD_SHIPPING_FEE_INR,
  RETURN_WINDOW_CLOSED,
  type AdminReturnStepResponse,
  type ReturnView,
} from "@store/shared";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, insertOrder, newAdmin, newStaff } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { productVariants } from "../catalog/tables";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  stockOf,
  verifyPayment,
  withSimulatorsDown,
} from "../checkout/test-support";
import { creditNotes, invoices } from "../invoices/tables";
import { orderEvents, orderLines, orders } from "../orders/tables";
import { payments, refunds } from "../payments/tables";
import { shipments } from "../shipping/tables";
import { returnLines, returnRequests } from "./tables";

let app: FastifyInstance;
let admin: Record<string, string>;
/** Each order's owner, signed up for it (a shopper's cart is theirs across orders, so one each keeps totals simple). */
const owners = new Map<number, Record<string, string>>();
let kurta: PickedVariant;
let dupatta: PickedVariant;
let png: string;

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [kurta, dupatta] = (await pickVariants(app, { minStock: 20, count: 2 })) as [PickedVariant, PickedVariant];
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c04020" } })
    .png()
    .toBuffer();
  png = `data:image/png;base64,${bytes.toString("base64")}`;
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const db = () => app.database.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = (id: number) =>
  db().select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
const newOwner = async () => tokenHeader((await newShopper(app)).token);
const ask = (orderId: number, body: unknown, headers = owners.get(orderId) ?? {}, query = "") =>
  call(app, headers, "POST", `/api/orders/${orderId}/returns${query}`, body);
const step = (id: number, action: string, body: unknown = {}, headers = admin) =>
  call(app, headers, "POST", `/api/admin/returns/${id}/${action}`, body);
/** The parcel back, then checked and accepted whole (pieces back on sale): the seller's two steps. */
async function receiveAndAccept(id: number, inspection: Record<string, unknown> = { outcome: "accept" }) {
  const received = await step(id, "receive");
  expect(received.statusCode, received.body).toBe(200);
  expect(received.json<AdminReturnStepResponse>().data.status).toBe("received");
  return step(id, "inspect", inspection);
}
const notesOf = (orderId: number) =>
  db()
    .select({ reason: creditNotes.reason, gross: creditNotes.gross })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.orderId, orderId));
const counts = async () => ({
  requests: (await db().select({ n: count() }).from(returnRequests))[0]!.n,
  lines: (await db().select({ n: count() }).from(returnLines))[0]!.n,
  shipments: (await db().select({ n: count() }).from(shipments))[0]!.n,
});

/** Books the order's parcel with the courier simulator and advances it to delivered, as the back office does. */
async function deliver(orderId: number): Promise<void> {
  const booked = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: [orderId] });
  expect(booked.statusCode, booked.body).toBe(200);
  for (let i = 0; i < 5; i++) {
    const res = await call(app, admin, "POST", `/api/admin/orders/${orderId}/shipment/simulate`, { action: "advance" });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await orderRow(orderId)).status).toBe("delivered");
}

/** A card order paid through the payment simulator by a new shopper (its owner), then delivered. */
async function deliveredCardOrder(
  lines: { variant: PickedVariant; quantity?: number }[],
  options: { welcome10?: boolean } = {},
): Promise<number> {
  const headers = await newOwner();
  const cartId = await fillCart(app, lines, "INR", headers);
  // WELCOME10 (seeded): 10% off the subtotal, rounded down to the rupee.
  const discount = options.welcome10 ? Math.floor(pageTotal(lines, "INR") / 10) : 0;
  const total = pageTotal(lines, "INR", { discount }) * 100;
  const promo = options.welcome10 ? { promo_code: "WELCOME10" } : {};
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, promo), headers);
  expect(created.statusCode, created.body).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid }, headers);
  expect(verified.json().status, verified.body).toBe("paid");
  const orderId = data.order_id as number;
  owners.set(orderId, headers);
  await deliver(orderId);
  return orderId;
}

async function deliveredCodOrder(lines: { variant: PickedVariant; quantity?: number }[]): Promise<number> {
  const email = `cod.${process.pid}.${Date.now()}@example.in`;
  const shopper = await newOwner();
  const cartId = await fillCart(app, lines, "INR", shopper);
  const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
  const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email }), shopper);
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as number;
  owners.set(orderId, shopper);
  const confirmed = await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) }, shopper);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await deliver(orderId);
  return orderId;
}

describe("a return of a card-paid order", () => {
  let orderId: number;
  let first: ReturnView;

  it("is asked for by the owner with a photo: 201, the refund less the discount share, the photo stored and served", async () => {
    orderId = await deliveredCardOrder([{ variant: kurta, quantity: 2 }, { variant: dupatta }], { welcome10: true });
    const [kurtaLine] = await linesOf(orderId);
    expect((await orderRow(orderId)).discount).toBeGreaterThan(0);
    const res = await ask(orderId, {
      kind: "return",
      reason: "Size does not fit",
      details: "Too tight at the shoulders",
      lines: [{ line_id: kurtaLine!.id, quantity: 1 }],
      photos: [png],
    });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json<{ data: ReturnView }>().data;
    const order = await orderRow(orderId);
    const discountShare = Math.floor((order.discount * kurtaLine!.unitPrice) / order.subtotal);
    expect(first).toMatchObject({
      order_id: orderId,
      kind: "return",
      status: "requested",
      refund: (kurtaLine!.unitPrice - discountShare) / 100,
      refund_to: null,
      pickup: null,
      lines: [{ line_id: kurtaLine!.id, quantity: 1, exchange_size: null }],
    });
    expect(first.photos).toHaveLength(1);
    expect(first.photos[0]).toMatch(/^\/media\/returns\//);
    const served = await app.inject({ method: "GET", url: first.photos[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^image\//);

    const page = await call(app, owners.get(orderId)!, "GET", `/api/orders/${orderId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.returns.map((r: ReturnView) => [r.id, r.status])).toEqual([[first.id, "requested"]]);
    expect(Date.parse(page.json().data.return_window_closes_at)).toBeGreaterThan(Date.now() + 47 * 3_600_000);
  });

  it("is approved by the seller: the courier's pickup is booked, its AWB on the view and a return shipment row", async () => {
    const res = await step(first.id, "approve", { note: "Pack it in the same pouch" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminReturnStepResponse>();
    expect(body.problem).toBeNull();
    expect(body.data.status).toBe("approved");
    expect(body.data.seller_note).toBe("Pack it in the same pouch");
    expect(body.data.pickup?.awb).toBeTruthy();
    const [parcel] = await db()
      .select()
      .from(shipments)
      .where(and(eq(shipments.returnId, first.id), eq(shipments.direction, "return")));
    expect(parcel).toMatchObject({ orderId, awb: body.data.pickup!.awb, status: "awb_assigned" });
  });

  it("is received: nothing is restocked or refunded until the parcel is checked", async () => {
    const stockBefore = await stockOf(app, kurta);
    const res = await step(first.id, "receive");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReturnStepResponse>().data).toMatchObject({ status: "received", inspection: null });
    expect(await stockOf(app, kurta)).toBe(stockBefore);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    expect(await notesOf(orderId)).toEqual([]);
  });

  it("is checked and accepted: the piece back in stock, the part refunded through the provider, a credit note to the paisa", async () => {
    const stockBefore = await stockOf(app, kurta);
    const res = await step(first.id, "inspect", { outcome: "accept", photos: [png] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReturnStepResponse>().data).toMatchObject({
      status: "refunded",
      accepted_refund: first.refund,
      inspection: { note: "", photos: [expect.stringMatching(/^\/media\/returns\//)] },
      lines: [{ restocked: 1 }],
    });
    expect(await stockOf(app, kurta)).toBe(stockBefore + 1);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    // A part refund: made by the provider at once, the payment stays captured for the rest.
    expect(payment).toMatchObject({ status: "captured" });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { reason: "return", returnId: first.id, status: "refunded", amount: Math.round(first.refund * 100) },
    ]);
    const notes = await notesOf(orderId);
    expect(notes.map((n) => n.reason)).toEqual(["Goods returned"]);
    // The credit note takes back exactly what was refunded.
    expect(notes[0]!.gross).toBe(Math.round(first.refund * 100));
    expect((await orderRow(orderId)).status).toBe("delivered");
  });

  it("is asked for the rest by a guest holding the order's link; when every piece is back the order is refunded", async () => {
    const { viewToken } = await orderRow(orderId);
    const lines = await linesOf(orderId);
    const res = await ask(
      orderId,
      {
        kind: "return",
        reason: "Changed my mind",
        lines: [
          { line_id: lines[0]!.id, quantity: 1 },
          { line_id: lines[1]!.id, quantity: 1 },
        ],
      },
      {},
      `?token=${viewToken}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: ReturnView }>().data.id;
    expect((await step(id, "approve")).statusCode).toBe(200);
    const accepted = await receiveAndAccept(id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<AdminReturnStepResponse>().data.status).toBe("refunded");
    expect((await orderRow(orderId)).status).toBe("refunded");
    const notes = await notesOf(orderId);
    const second = accepted.json<AdminReturnStepResponse>().data.refund;
    expect(notes.map((n) => n.reason)).toEqual(["Goods returned", "Goods returned"]);
    expect(notes[1]!.gross).toBe(Math.round(second * 100));
    const made = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(made.reduce((sum, r) => sum + r.amount, 0)).toBe(Math.round((first.refund + second) * 100));
    // Every piece back, one return after another: the goods as paid for, to the paisa, and never more.
    const order = await orderRow(orderId);
    expect(Math.round(first.refund * 100) + Math.round(second * 100)).toBe(order.subtotal - order.discount);
  });
});

describe("a return of a cash-on-delivery order", () => {
  it("needs refund_to, falls due on receipt, is refunded with the seller's reference; the shopper sees it masked", async () => {
    const orderId = await deliveredCodOrder([{ variant: kurta }]);
    const [line] = await linesOf(orderId);
    const body = { kind: "return", reason: "Damaged or defective", lines: [{ line_id: line!.id, quantity: 1 }] };
    const before = await counts();
    const missing = await ask(orderId, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors?.[0]?.path ?? missing.json().field).toContain("refund_to");
    expect(await counts()).toEqual(before);

    const res = await ask(orderId, { ...body, refund_to: { method: "upi", upi_id: "asha@okaxis" } });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<{ data: ReturnView }>().data;
    expect(view.refund_to).toBe("UPI asha@okaxis");
    expect(view).not.toHaveProperty("payout");

    expect((await step(view.id, "approve")).statusCode).toBe(200);
    const received = await receiveAndAccept(view.id);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<AdminReturnStepResponse>().data.status).toBe("refund_due");
    expect(received.json<AdminReturnStepResponse>().data.payout).toEqual({ method: "upi", upi_id: "asha@okaxis" });

    expect((await step(view.id, "refund-paid", {})).statusCode).toBe(400);
    const paid = await step(view.id, "refund-paid", { reference: "UPI 412345678901" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<AdminReturnStepResponse>().data).toMatchObject({
      status: "refunded",
      payout_reference: "UPI 412345678901",
    });
    expect((await orderRow(orderId)).status).toBe("refunded");
    // The seller's transfer is a refund of the ledger, with its reference.
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { method: "transfer", reason: "return", status: "refunded", reference: "UPI 412345678901", returnId: view.id },
    ]);
    const list = await call(app, admin, "GET", "/api/admin/returns?status=refunded");
    expect(list.json().data.some((r: { id: number }) => r.id === view.id)).toBe(true);
  });
});

describe("a cash refund to a bank account", () => {
  it("shows the shopper the account's last four digits and the seller all of it", async () => {
    const orderId = await deliveredCodOrder([{ variant: dupatta }]);
    const [line] = await linesOf(orderId);
    const account = { method: "bank", account_name: "Asha Meena", account_number: "001234567890", ifsc: "sbin0001234" };
    const res = await ask(orderId, {
      kind: "return",
      reason: "Wrong item received",
      lines: [{ line_id: line!.id, quantity: 1 }],
      refund_to: account,
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<{ data: ReturnView }>().data;
    expect(view.refund_to).toBe("Bank account ending 7890 (SBIN0001234)");
    expect(res.body).not.toContain("001234567890");
    const list = await call(app, admin, "GET", "/api/admin/returns?status=requested");
    const seller = list.json().data.find((r: { id: number }) => r.id === view.id);
    expect(seller.payout).toEqual({ ...account, ifsc: "SBIN0001234" });
    const page = await call(app, owners.get(orderId)!, "GET", `/api/orders/${orderId}`);
    expect(page.body).not.toContain("001234567890");
  });
});

describe("an exchange", () => {
  let otherSize: { id: number; size: string; stock: number };
  let orderId: number;

  beforeAll(async () => {
    orderId = await deliveredCardOrder([{ variant: dupatta }]);
    const sizes = await db()
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, dupatta.productId), ne(productVariants.size, dupatta.size)));
    const other = sizes[0]!;
    await db().update(productVariants).set({ stock: 5 }).where(eq(productVariants.id, other.id));
    otherSize = { id: other.id, size: other.size, stock: 5 };
  });
  const variantStock = async (id: number) =>
    (await db().select().from(productVariants).where(eq(productVariants.id, id)))[0]!.stock;

  it("refuses the same size (422) and a sold-out size (409), changing nothing", async () => {
    const [line] = await linesOf(orderId);
    const before = await counts();
    const same = await ask(orderId, {
      kind: "exchange",
      reason: "Size does not fit",
      lines: [{ line_id: line!.id, quantity: 1, exchange_size: dupatta.size }],
    });
    expect(same.statusCode, same.body).toBe(422);
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, otherSize.id));
    const soldOut = await ask(orderId, {
      kind: "exchange",
      reason: "Size does not fit",
      lines: [{ line_id: line!.id, quantity: 1, exchange_size: otherSize.size }],
    });
    expect(soldOut.statusCode, soldOut.body).toBe(409);
    await db().update(productVariants).set({ stock: otherSize.stock }).where(eq(productVariants.id, otherSize.id));
    expect(await counts()).toEqual(before);
  });

  it("takes the new size at approval, puts the old back once checked and ships the new size", async () => {
    const [line] = await linesOf(orderId);
    const res = await ask(orderId, {
      kind: "exchange",
      reason: "Size does not fit",
      lines: [{ line_id: line!.id, quantity: 1, exchange_size: otherSize.size }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<{ data: ReturnView }>().data;
    expect(view.refund).toBe(0);
    const approved = await step(view.id, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await variantStock(otherSize.id)).toBe(otherSize.stock - 1);

    const oldBefore = await stockOf(app, dupatta);
    const received = await receiveAndAccept(view.id);
    expect(received.statusCode, received.body).toBe(200);
    const body = received.json<AdminReturnStepResponse>();
    expect(body.problem).toBeNull();
    expect(body.data.status).toBe("exchanged");
    expect(await stockOf(app, dupatta)).toBe(oldBefore + 1);
    expect(await variantStock(otherSize.id)).toBe(otherSize.stock - 1);
    const [forward] = await db()
      .select()
      .from(shipments)
      .where(and(eq(shipments.returnId, view.id), eq(shipments.direction, "forward")));
    expect(forward?.awb).toBeTruthy();
    expect((await orderRow(orderId)).status).toBe("delivered");
  });
});

describe("requests and steps that are refused change nothing", () => {
  let orderId: number;
  let lineId: number;
  let requestId: number;
  let staff: Record<string, string>;
  beforeAll(async () => {
    staff = (await newStaff(app, admin)).headers;
    orderId = await deliveredCardOrder([{ variant: kurta, quantity: 2 }]);
    lineId = (await linesOf(orderId))[0]!.id;
  });
  const body = (extra: Record<string, unknown> = {}) => ({
    kind: "return",
    reason: "Changed my mind",
    lines: [{ line_id: lineId, quantity: 1 }],
    ...extra,
  });
  async function refused(run: () => Promise<{ statusCode: number; body: string }>, status: number) {
    const before = await counts();
    const res = await run();
    expect(res.statusCode, res.body).toBe(status);
    expect(await counts()).toEqual(before);
    return JSON.parse(res.body) as { message: string; errors?: { path: string }[] };
  }

  it("refuses bad requests", async () => {
    const paid = await insertOrder(app, { userId: null });
    const stranger = tokenHeader((await newShopper(app)).token);
    const otherLine = (await linesOf(paid.order.id))[0]!.id;
    await refused(() => ask(paid.order.id, body({ lines: [{ line_id: otherLine, quantity: 1 }] }), stranger), 404);
    const { viewToken } = await orderRow(paid.order.id);
    await refused(
      () => ask(paid.order.id, body({ lines: [{ line_id: otherLine, quantity: 1 }] }), {}, `?token=${viewToken}`),
      409,
    );
    await refused(() => ask(orderId, body({ lines: [{ line_id: otherLine, quantity: 1 }] })), 422);
    await refused(() => ask(orderId, body({ lines: [{ line_id: lineId, quantity: 3 }] })), 422);
    const notImage = await refused(
      () => ask(orderId, body({ photos: [`data:image/png;base64,${Buffer.from("hello").toString("base64")}`] })),
      400,
    );
    expect(JSON.stringify(notImage)).toContain("photos.0");
    await refused(() => ask(orderId, body({ photos: [png, png, png, png] })), 400);
    await refused(() => ask(orderId, body(), stranger), 404);
    await refused(() => ask(orderId, body(), {}, "?token=not-the-token"), 404);
  });

  it("refuses a second request for the same pieces, and wrong steps", async () => {
    const res = await ask(orderId, body({ lines: [{ line_id: lineId, quantity: 2 }] }));
    expect(res.statusCode, res.body).toBe(201);
    requestId = res.json<{ data: ReturnView }>().data.id;
    await refused(() => ask(orderId, body()), 409);
    await refused(() => step(requestId, "receive"), 409);
    await refused(() => step(requestId, "refuse", {}), 400);
    await refused(() => step(requestId, "approve", {}, staff), 403);
    await refused(() => step(requestId, "refuse", { note: "No" }, staff), 403);
    await refused(() => step(requestId, "refund-paid", { reference: "X1" }), 409);
    await refused(() => step(2_000_000_000, "approve"), 404);
    expect((await step(requestId, "approve")).statusCode).toBe(200);
    await refused(() => step(requestId, "approve"), 409);
    await refused(() => step(requestId, "refuse", { note: "No" }), 409);
    const received = await step(requestId, "receive", {}, staff);
    expect(received.statusCode, received.body).toBe(200);
    // Checking it decides the money: the owner's. A bad outcome changes nothing.
    await refused(() => step(requestId, "inspect", { outcome: "accept" }, staff), 403);
    await refused(() => step(requestId, "inspect", { outcome: "accept_part" }), 400);
    await refused(() => step(requestId, "inspect", { outcome: "reject" }), 400);
    await refused(() => step(requestId, "inspect", { outcome: "accept", refund_amount: 10 }), 400);
    await refused(
      () => step(requestId, "inspect", { outcome: "accept", lines: [{ id: 2_000_000_000, restock: 0 }] }),
      422,
    );
    await refused(() => step(requestId, "inspect", { outcome: "accept_part", refund_amount: 1e6, note: "x" }), 422);
  });

  it("closes 48 hours after delivery", async () => {
    const late = await deliveredCardOrder([{ variant: dupatta }]);
    await db()
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(and(eq(orderEvents.orderId, late), eq(orderEvents.toStatus, "delivered")));
    const line = (await linesOf(late))[0]!.id;
    const closed = await refused(() => ask(late, body({ lines: [{ line_id: line, quantity: 1 }] })), 422);
    expect(closed.message).toBe(RETURN_WINDOW_CLOSED);
  });

  it("refuses an order that was not delivered", async () => {
    const shopper = await newOwner();
    const cartId = await fillCart(app, [{ variant: kurta }], "INR", shopper);
    const total = pageTotal([{ variant: kurta }], "INR") * 100;
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total), shopper);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.order_id as number;
    owners.set(id, shopper);
    const line = (await linesOf(id))[0]!.id;
    await refused(() => ask(id, body({ lines: [{ line_id: line, quantity: 1 }] })), 409);
  });

  it("lets the seller refuse with a note, which frees the pieces", async () => {
    const other = await deliveredCardOrder([{ variant: kurta }]);
    const line = (await linesOf(other))[0]!.id;
    const res = await ask(other, body({ lines: [{ line_id: line, quantity: 1 }] }));
    const id = res.json<{ data: ReturnView }>().data.id;
    const no = await step(id, "refuse", { note: "The tag was removed" });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json<AdminReturnStepResponse>().data).toMatchObject({
      status: "refused",
      seller_note: "The tag was removed",
    });
    expect((await ask(other, body({ lines: [{ line_id: line, quantity: 1 }] }))).statusCode).toBe(201);
  });
});

describe("the courier is down", () => {
  it("at approval: answers 200 with the problem, leaves the request approved without a pickup, and books it later", async () => {
    const orderId = await deliveredCardOrder([{ variant: kurta }]);
    const line = (await linesOf(orderId))[0]!.id;
    const res = await ask(orderId, {
      kind: "return",
      reason: "Changed my mind",
      lines: [{ line_id: line, quantity: 1 }],
    });
    const id = res.json<{ data: ReturnView }>().data.id;

    const approved = await withSimulatorsDown(app, () => step(id, "approve"));
    expect(approved.statusCode, approved.body).toBe(200);
    const body = approved.json<AdminReturnStepResponse>();
    expect(body.problem).toBeTruthy();
    expect(body.data).toMatchObject({ status: "approved", pickup: null });
    expect(await db().select().from(shipments).where(eq(shipments.returnId, id))).toEqual([]);

    const again = await step(id, "pickup");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AdminReturnStepResponse>().problem).toBeNull();
    expect(again.json<AdminReturnStepResponse>().data.pickup?.awb).toBeTruthy();
    // Booked once: another click books nothing more.
    expect((await step(id, "pickup")).json<AdminReturnStepResponse>().problem).toBeNull();
    expect(await db().select().from(shipments).where(eq(shipments.returnId, id))).toHaveLength(1);
  });

  it("at an exchange's acceptance: the request waits as accepted, and its new parcel is booked later", async () => {
    const orderId = await deliveredCardOrder([{ variant: dupatta }]);
    const line = (await linesOf(orderId))[0]!.id;
    const [other] = await db()
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, dupatta.productId), ne(productVariants.size, dupatta.size)));
    await db().update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, other!.id));
    const res = await ask(orderId, {
      kind: "exchange",
      reason: "Size does not fit",
      lines: [{ line_id: line, quantity: 1, exchange_size: other!.size }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: ReturnView }>().data.id;
    expect((await step(id, "approve")).statusCode).toBe(200);

    const received = await withSimulatorsDown(app, () => receiveAndAccept(id));
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<AdminReturnStepResponse>().problem).toBeTruthy();
    expect(received.json<AdminReturnStepResponse>().data.status).toBe("accepted");

    const shipped = await step(id, "ship-exchange");
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<AdminReturnStepResponse>()).toMatchObject({ problem: null, data: { status: "exchanged" } });
    const parcels = await db().select().from(shipments).where(eq(shipments.returnId, id));
    expect(parcels.map((p) => p.direction).sort()).toEqual(["forward", "return"]);
  });
});
