import { and, eq, like, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { AdminReturnStepResponse, ReturnView, SalesReportResponse } from "@store/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, courierMoves, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { productVariants } from "../catalog/tables";
import { createListeningTestApp, paidCardOrder, stockOf, webhooksSettled } from "../checkout/test-support";
import { emailOutbox } from "../../email/tables";
import { creditNotes, invoices } from "../invoices/tables";
import { istDayOf } from "../../lib/seller-time";
import { orderLines, orders } from "../orders/tables";
import { refunds } from "../payments/tables";

/**
 * Issue 38, point 3 (decision 063): a returned parcel is checked before anything is refunded: accepted whole, in
 * part with an amount, or rejected with the reason and photos; each line's pieces restocked or written off; the
 * refund and the credit note for what was accepted, and the sales report nets it on the day.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let variant: PickedVariant;
let png: string;

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [variant] = (await pickVariants(app, { minStock: 30, count: 1 })) as [PickedVariant];
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2040c0" } })
    .png()
    .toBuffer();
  png = `data:image/png;base64,${bytes.toString("base64")}`;
});
afterEach(async () => {
  await webhooksSettled(app);
  await app.services.shipping.gateway.simulator?.settled();
});
afterAll(() => app.close());

const db = () => app.database.db;
const step = (id: number, action: string, body: unknown = {}) =>
  call(app, admin, "POST", `/api/admin/returns/${id}/${action}`, body);
const creditOf = (orderId: number) =>
  db()
    .select({ gross: creditNotes.gross })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.orderId, orderId));
const takenBackToday = async () => {
  const today = istDayOf(new Date());
  const res = await call(app, admin, "GET", `/api/admin/sales?from=${today}&to=${today}&group=day`);
  return res.json<SalesReportResponse>().totals.find((t) => t.currency === "INR")!.taken_back_minor;
};

/** A delivered card order of `quantity` pieces, and a request to return `returned` of them, approved and received. */
async function receivedReturn(kind: "return" | "exchange", quantity: number, returned = quantity, size?: string) {
  const email = `inspect.${process.pid}.${Date.now()}@example.in`;
  const { orderId } = await paidCardOrder(app, [{ variant, quantity }], { email });
  await courierMoves(app, admin, orderId, ["advance", "advance", "advance", "advance", "advance"]);
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const asked = await app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/returns?token=${order!.viewToken}`,
    payload: {
      kind,
      reason: kind === "return" ? "Damaged or defective" : "Size does not fit",
      lines: [{ line_id: line!.id, quantity: returned, ...(size && { exchange_size: size }) }],
    },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const view = asked.json<{ data: ReturnView }>().data;
  expect((await step(view.id, "approve")).statusCode).toBe(200);
  expect((await step(view.id, "receive")).statusCode).toBe(200);
  return { orderId, view, email };
}

describe("checking a returned parcel", () => {
  it("accepts it in part: that amount refunded and credited, one piece back on sale and one written off", async () => {
    const { orderId, view } = await receivedReturn("return", 2);
    const stockBefore = await stockOf(app, variant);
    const takenBefore = await takenBackToday();
    const partMinor = Math.floor(view.refund * 100 * 0.6);
    const res = await step(view.id, "inspect", {
      outcome: "accept_part",
      refund_amount: partMinor / 100,
      note: "One piece came back stained",
      photos: [png],
      lines: [{ id: view.lines[0]!.id, restock: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReturnStepResponse>().data).toMatchObject({
      status: "refunded",
      accepted_refund: partMinor / 100,
      inspection: { note: "One piece came back stained", photos: [expect.stringMatching(/^\/media\/returns\//)] },
      lines: [{ quantity: 2, restocked: 1 }],
    });
    expect(await stockOf(app, variant)).toBe(stockBefore + 1);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toMatchObject([
      { reason: "return", status: "refunded", amount: partMinor, returnId: view.id },
    ]);
    expect(await creditOf(orderId)).toEqual([{ gross: partMinor }]);
    expect((await takenBackToday()) - takenBefore).toBe(partMinor);
  });

  it("refuses more than the pieces' value, and an amount for a whole acceptance, changing nothing", async () => {
    const { orderId, view } = await receivedReturn("return", 1);
    const tooMuch = await step(view.id, "inspect", {
      outcome: "accept_part",
      refund_amount: view.refund + 1,
      note: "x",
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual([expect.objectContaining({ path: "body.refund_amount" })]);
    expect((await step(view.id, "inspect", { outcome: "accept", refund_amount: 1 })).statusCode).toBe(400);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    expect((await call(app, admin, "GET", "/api/admin/returns?status=received")).json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: view.id, inspection: null })]),
    );
  });

  it("rejects it with the reason and photos: nothing refunded, credited or restocked, and the shopper told why", async () => {
    const { orderId, view, email } = await receivedReturn("return", 1);
    const stockBefore = await stockOf(app, variant);
    const res = await step(view.id, "inspect", {
      outcome: "reject",
      note: "The piece was worn and washed",
      photos: [png, png],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReturnStepResponse>().data).toMatchObject({
      status: "rejected",
      accepted_refund: 0,
      inspection: { note: "The piece was worn and washed", photos: [expect.any(String), expect.any(String)] },
    });
    expect(await stockOf(app, variant)).toBe(stockBefore);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    expect(await creditOf(orderId)).toEqual([]);
    const [told] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, "Your return %could not accept%")));
    expect(told?.text).toContain("The piece was worn and washed");
    // Checked once: a second check is refused.
    expect((await step(view.id, "inspect", { outcome: "accept" })).statusCode).toBe(409);
  });

  it("rejects an exchange: the new size kept for it goes back on sale", async () => {
    const [other] = await db()
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, variant.productId), ne(productVariants.size, variant.size)));
    await db().update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, other!.id));
    const { view } = await receivedReturn("exchange", 1, 1, other!.size);
    const stockOf = async () =>
      (await db().select().from(productVariants).where(eq(productVariants.id, other!.id)))[0]!.stock;
    expect(await stockOf()).toBe(3);
    expect((await step(view.id, "inspect", { outcome: "accept_part", refund_amount: 1, note: "x" })).statusCode).toBe(
      422,
    );
    const res = await step(view.id, "inspect", { outcome: "reject", note: "Tags removed" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminReturnStepResponse>().data.status).toBe("rejected");
    expect(await stockOf()).toBe(4);
  });
});
