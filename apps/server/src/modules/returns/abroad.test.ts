import { and, asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  RETURN_ABROAD_APPROVED_LABEL,
  RETURN_ABROAD_TERMS,
  type AdminReturnStepResponse,
  type ReturnView,
  type ShippingQuote,
} from "@store/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../email/tables";
import { istDayOf } from "../../lib/seller-time";
import { whatsappOutbox } from "../../whatsapp/tables";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  verifyPayment,
} from "../checkout/test-support";
import { invoices } from "../invoices/tables";
import { cardOrder, LONDON } from "../invoices/test-support";
import { orderLines, orders } from "../orders/tables";
import { refunds } from "../payments/tables";
import { shipments } from "../shipping/tables";
import { createReturnsService } from "./service";

/**
 * Returns from abroad (decision 085): a London order paid in dollars and delivered by DHL Express. No courier
 * pickup is booked; the shopper is told where to send the parcel and what to declare, says which parcel they
 * sent, and the seller receives, checks and refunds it in dollars as any return. No exchange abroad.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let piece: PickedVariant;

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [piece] = (await pickVariants(app, { minStock: 20, count: 1 })) as [PickedVariant];
  // An export invoice needs the day's dollar rate and the seller's IEC (as dhl.test.ts sets them).
  const rate = await call(app, admin, "POST", "/api/admin/notified-values", {
    kind: "usd_export_rate",
    effective_from: istDayOf(new Date()),
    value: 88.15,
    notification: "64/2026-Customs (N.T.)",
  });
  expect([201, 409], rate.body).toContain(rate.statusCode);
  const gst = (await call(app, admin, "GET", "/api/admin/settings/gst")).json().gst;
  const saved = await call(app, admin, "PUT", "/api/admin/settings/gst", { ...gst, iec: "AAJCJ4523K" });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await app.services.shipping.gateway.simulators.get("dhl-express")?.settled();
  await app.close();
});

const db = () => app.database.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const pageQuery = async (id: number) => `?token=${(await orderRow(id)).viewToken}`;
const step = (id: number, action: string, body: unknown = {}) =>
  call(app, admin, "POST", `/api/admin/returns/${id}/${action}`, body);
const sendParcel = async (orderId: number, returnId: number, body: unknown, query?: string) =>
  call(
    app,
    {},
    "POST",
    `/api/orders/${orderId}/returns/${returnId}/parcel${query ?? (await pageQuery(orderId))}`,
    body,
  );

/** Books the parcel with DHL Express's simulator and moves it on until the order is delivered. */
async function deliver(orderId: number): Promise<void> {
  const booked = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: [orderId] });
  expect(booked.statusCode, booked.body).toBe(200);
  const pickup = await call(app, admin, "POST", "/api/admin/shipments/pickup", { order_ids: [orderId] });
  expect(pickup.json(), pickup.body).toMatchObject({ done: 1 });
  // Until the simulator says the parcel is at the end of its journey; its pushes land after each move.
  for (let i = 0; i < 12; i++) {
    const res = await call(app, admin, "POST", `/api/admin/orders/${orderId}/shipment/simulate`, { action: "advance" });
    if (res.statusCode === 409 && res.json().code === "CANNOT_MOVE") break;
    expect(res.statusCode, res.body).toBe(200);
  }
  await app.services.shipping.gateway.simulators.get("dhl-express")?.settled();
  expect((await orderRow(orderId)).status).toBe("delivered");
}

async function deliveredLondonOrder(quantity = 1): Promise<number> {
  const { orderId } = await cardOrder(app, [{ variant: piece, quantity }], "USD", {
    ...LONDON,
    whatsapp_opt_in: true,
  });
  await deliver(orderId);
  return orderId;
}

async function askReturn(orderId: number, quantity = 1, kind: "return" | "exchange" = "return") {
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return call(app, {}, "POST", `/api/orders/${orderId}/returns${await pageQuery(orderId)}`, {
    kind,
    reason: "Changed my mind",
    lines: [{ line_id: line!.id, quantity, ...(kind === "exchange" && { exchange_size: "XXL" }) }],
  });
}

describe("a return from London", () => {
  let orderId: number;
  let returnId: number;

  beforeAll(async () => {
    orderId = await deliveredLondonOrder(2);
  }, 120_000);

  it("cannot be an exchange: another size is not sent abroad against a return", async () => {
    const res = await askReturn(orderId, 1, "exchange");
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: "NO_EXCHANGE_ABROAD", message: RETURN_ABROAD_TERMS.exchange });
  });

  it("is asked for: the shopper will send it, the refund is the pieces at the dollar price paid", async () => {
    const res = await askReturn(orderId, 2);
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<{ data: ReturnView }>().data;
    const order = await orderRow(orderId);
    expect(view).toMatchObject({ currency: "USD", sent_by_shopper: true, shopper_parcel: null, pickup: null });
    // Delivery stays with the shop: the refund is the goods (no promo on this order), not the total.
    expect(Math.round(view.refund * 100)).toBe(order.subtotal);
    expect(order.total).toBeGreaterThan(order.subtotal);
    returnId = view.id;
  });

  it("refuses the parcel's tracking before the seller approves", async () => {
    const res = await sendParcel(orderId, returnId, { carrier: "Royal Mail", tracking_number: "AB123456789GB" });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe("RETURN_STEP_NOT_ALLOWED");
  });

  it("is approved without a courier pickup; the shopper is told the address, the number and the customs words", async () => {
    const emailsBefore = (await db().select().from(emailOutbox)).length;
    const res = await step(returnId, "approve", { note: "Thank you for letting us know" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminReturnStepResponse>();
    expect(body.problem).toBeNull();
    expect(body.data).toMatchObject({
      status: "approved",
      status_label: RETURN_ABROAD_APPROVED_LABEL,
      sent_by_shopper: true,
      pickup: null,
    });
    expect(await db().select().from(shipments).where(eq(shipments.returnId, returnId))).toEqual([]);

    const order = await orderRow(orderId);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice?.number).toBeTruthy();
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, order.email!))
      .orderBy(desc(emailOutbox.id));
    expect((await db().select().from(emailOutbox)).length).toBe(emailsBefore + 1);
    const mail = emails[0]!;
    expect(mail.subject).toContain("your return is approved");
    for (const words of [
      "Thank you for letting us know",
      "Plot 14, Sanganer Industrial Area",
      "Rajasthan 302022, India",
      `Write "Return #${returnId}" on the parcel.`,
      '"Returned goods"',
      `our export invoice ${invoice!.number}`,
      "the same value",
    ])
      expect(mail.text).toContain(words);

    const [message] = await db()
      .select()
      .from(whatsappOutbox)
      .where(eq(whatsappOutbox.template, "return_update"))
      .orderBy(desc(whatsappOutbox.id))
      .limit(1);
    expect(message!.parameters[0]).toBe(String(orderId));
    const text = message!.parameters[1]!;
    expect(text).toContain("please send the parcel back to us");
    expect(text).toContain(`Write "Return #${returnId}" on it`);
    expect(text).toContain(`export invoice ${invoice!.number}`);
    expect(text).toContain("Rajasthan 302022");
    expect(text.length).toBeLessThan(900);
  });

  it("asks no courier to pick it up when the seller presses for a pickup either", async () => {
    const bookParcel = vi.fn();
    const returns = createReturnsService(db(), {
      media: app.services.media,
      bookParcel,
      log: app.log,
    });
    expect(await returns.bookPickup(returnId)).toEqual({ booked: false, problem: null });
    expect(bookParcel).not.toHaveBeenCalled();
  });

  it("takes the parcel's carrier and tracking number from the order's page, and refuses bad ones", async () => {
    const bad = await sendParcel(orderId, returnId, { carrier: "", tracking_number: "12" });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(["body.carrier", "body.tracking_number"]);
    expect((await sendParcel(orderId, returnId, { carrier: "Royal Mail" })).statusCode).toBe(400);

    const res = await sendParcel(orderId, returnId, { carrier: " Royal Mail ", tracking_number: "ab 1234-5678 9gb" });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<{ data: ReturnView }>().data;
    expect(view.shopper_parcel).toMatchObject({ carrier: "Royal Mail", tracking_number: "AB123456789GB" });
    expect(view.status).toBe("approved");
    const seller = (await call(app, admin, "GET", `/api/admin/returns?status=approved`)).json().data;
    expect(seller.find((r: { id: number }) => r.id === returnId).shopper_parcel.tracking_number).toBe("AB123456789GB");
  });

  it("answers 404 to someone else's order or another order's request, and 401 without a way in", async () => {
    const stranger = tokenHeader((await newShopper(app)).token);
    const body = { carrier: "DHL", tracking_number: "1234567890" };
    const theirs = await call(app, stranger, "POST", `/api/orders/${orderId}/returns/${returnId}/parcel`, body);
    expect(theirs.statusCode).toBe(404);
    expect((await sendParcel(orderId, returnId, body, "?token=not-the-secret")).statusCode).toBe(404);
    const other = await deliveredLondonOrder();
    expect((await sendParcel(other, returnId, body)).statusCode).toBe(404);
    expect((await sendParcel(orderId, 2_000_000_000, body)).statusCode).toBe(404);
    expect((await call(app, {}, "POST", `/api/orders/${orderId}/returns/${returnId}/parcel`, body)).statusCode).toBe(
      401,
    );
    const row = (await call(app, admin, "GET", `/api/admin/returns?status=approved`)).json().data;
    expect(row.find((r: { id: number }) => r.id === returnId).shopper_parcel.carrier).toBe("Royal Mail");
  }, 120_000);

  it("is received, checked and refunded in dollars through the card's provider", async () => {
    expect((await step(returnId, "receive")).statusCode).toBe(200);
    const late = await sendParcel(orderId, returnId, { carrier: "DHL", tracking_number: "1234567890" });
    expect(late.statusCode).toBe(409);
    const res = await step(returnId, "inspect", { outcome: "accept" });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderRow(orderId);
    const [refund] = await db().select().from(refunds).where(eq(refunds.returnId, returnId));
    expect(refund).toMatchObject({ currency: "USD", amount: order.subtotal, reason: "return" });
    expect(["refunding", "refunded"]).toContain(res.json<AdminReturnStepResponse>().data.status);
  });
});

describe("a return within India", () => {
  it("has no parcel for the shopper to send: the courier picks it up", async () => {
    const { orderId } = await cardOrder(app, [{ variant: piece }], "INR");
    const booked = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: [orderId] });
    expect(booked.statusCode, booked.body).toBe(200);
    for (let i = 0; i < 5; i++)
      await call(app, admin, "POST", `/api/admin/orders/${orderId}/shipment/simulate`, { action: "advance" });
    expect((await orderRow(orderId)).status).toBe("delivered");
    const asked = await askReturn(orderId);
    expect(asked.statusCode, asked.body).toBe(201);
    const { id, sent_by_shopper } = asked.json<{ data: ReturnView }>().data;
    expect(sent_by_shopper).toBe(false);
    const approved = await step(id, "approve");
    expect(approved.json<AdminReturnStepResponse>().data.pickup?.awb).toBeTruthy();
    const res = await sendParcel(orderId, id, { carrier: "DTDC", tracking_number: "D12345678" });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe("RETURN_PICKED_UP");
  }, 120_000);
});

describe("a return of an order whose duties were collected at checkout", () => {
  it("refunds the pieces, not the duties paid to customs on the shopper's behalf", async () => {
    const on = await call(app, admin, "PATCH", "/api/admin/import-rules/GB", { ddp: true });
    expect(on.statusCode, on.body).toBe(200);
    try {
      const cartId = await fillCart(app, [{ variant: piece }], "USD");
      const quote = await app.inject({
        method: "GET",
        url: "/api/shipping-quote/",
        query: { cart_id: cartId, country: "GB", currency: "USD" },
      });
      const fee = (quote.json() as ShippingQuote).methods.find((m) => m.code === "international-standard")!.fee;
      const estimate = await app.inject({
        method: "GET",
        url: `/api/duties-estimate/?cart_id=${cartId}&currency=USD&country=GB&shipping_method=international-standard`,
      });
      const { duties } = estimate.json();
      expect(duties.charged).toBe(true);
      const total = Math.round(
        (pageTotal([{ variant: piece }], "USD", { shipping: fee }) + duties.estimate.total) * 100,
      );
      const created = await createOrder(
        app,
        orderBody(cartId, "razorpay", "USD", total, { email: `ddp.return.${process.pid}@example.in`, ...LONDON }),
      );
      expect(created.statusCode, `${created.body} fee ${fee} duties ${JSON.stringify(duties)} total ${total}`).toBe(
        200,
      );
      const { data } = created.json();
      const paid = await payByCard(app, data.data.id, data.key);
      const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid });
      expect(verified.statusCode, verified.body).toBe(200);
      const orderId = data.order_id as number;
      const order = await orderRow(orderId);
      expect(order.duties).toBeGreaterThan(0);
      await deliver(orderId);

      const asked = await askReturn(orderId);
      expect(asked.statusCode, asked.body).toBe(201);
      const view = asked.json<{ data: ReturnView }>().data;
      expect(Math.round(view.refund * 100)).toBe(order.subtotal);
      expect((await step(view.id, "approve")).statusCode).toBe(200);
      expect((await step(view.id, "receive")).statusCode).toBe(200);
      expect((await step(view.id, "inspect", { outcome: "accept" })).statusCode).toBe(200);
      const made = await db()
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.reason, "return")))
        .orderBy(asc(refunds.id));
      expect(made.map((r) => r.amount)).toEqual([order.subtotal]);
    } finally {
      await call(app, admin, "PATCH", "/api/admin/import-rules/GB", { ddp: false });
    }
  }, 120_000);
});
