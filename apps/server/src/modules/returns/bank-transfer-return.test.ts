import { and, eq } from "drizzle-orm";
import { indianToday, type AdminReturnStepResponse, type ReturnView } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  emailsTo,
  fillCart,
  orderBody,
  pageTotal,
} from "../checkout/test-support";
import { orderLines, orders } from "../orders/tables";
import { refunds } from "../payments/tables";
import { makeTradeBuyer } from "../trade/test-support";
import { openBankAccount } from "../payments/test-support";

/**
 * A return of an order paid by bank transfer (decision 098): no provider can send the money back, so, as with
 * cash on delivery, the accepted return waits for the seller's transfer (refund_due) and is refunded when the
 * seller records its reference.
 */
let app: FastifyInstance;
let owner: Record<string, string>;
beforeAll(async () => {
  app = await createListeningTestApp();
  owner = (await newAdmin(app)).headers;
  await openBankAccount(app, owner, { days_to_pay: 7 });
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const db = () => app.database.db;
const step = (id: number, action: string, body: unknown = {}) =>
  call(app, owner, "POST", `/api/admin/returns/${id}/${action}`, body);

/** A trade buyer's bank-transfer order, paid in full by one IMPS transfer, then delivered by the simulator. */
async function deliveredBankTransferOrder() {
  const [variant] = await pickVariants(app, { minStock: 5 });
  if (!variant) throw new Error("no variant");
  const shopper = await newShopper(app);
  const headers = tokenHeader(shopper.token);
  await makeTradeBuyer(app, owner, headers);
  const lines = [{ variant, quantity: 1 }];
  const cartId = await fillCart(app, lines, "INR", headers);
  const total = pageTotal(lines, "INR");
  const placed = await createOrder(
    app,
    orderBody(cartId, "bank_transfer", "INR", total, { payment_method: "bank_transfer" }),
    headers,
  );
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  const paid = await call(app, owner, "POST", `/api/admin/orders/${orderId}/bank-transfers`, {
    mode: "imps",
    utr: `6${String(orderId).padStart(11, "0")}`,
    amount_minor: Math.round(total * 100),
    received_on: indianToday(),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const booked = await call(app, owner, "POST", "/api/admin/shipments", { order_ids: [orderId] });
  expect(booked.statusCode, booked.body).toBe(200);
  for (let i = 0; i < 5; i++) {
    const res = await call(app, owner, "POST", `/api/admin/orders/${orderId}/shipment/simulate`, {
      action: "advance",
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  expect(row!.status).toBe("delivered");
  return { orderId, headers, email: shopper.email, total };
}

it("an accepted return of a bank-transfer order waits for the seller's transfer, then is refunded with its reference", async () => {
  const { orderId, headers, email, total } = await deliveredBankTransferOrder();
  const page = async () => (await app.inject({ url: `/api/orders/${orderId}`, headers })).json().data;
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
  // No account is asked of a bank-transfer buyer: the money goes back to the account it came from.
  const asked = await call(app, headers, "POST", `/api/orders/${orderId}/returns`, {
    kind: "return",
    reason: "Damaged or defective",
    lines: [{ line_id: line!.id, quantity: 1 }],
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json<{ data: ReturnView }>().data.id;
  expect((await step(id, "approve")).statusCode).toBe(200);
  expect((await step(id, "receive")).statusCode).toBe(200);
  const inspected = await step(id, "inspect", { outcome: "accept" });
  expect(inspected.statusCode, inspected.body).toBe(200);
  const due = inspected.json<AdminReturnStepResponse>().data;
  expect(due).toMatchObject({ status: "refund_due", status_label: "Accepted: refund being sent", payout: null });
  // Nothing asked of a provider, nothing owed twice: the return itself is what waits for the seller.
  expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  expect((await page()).returns.map((r: ReturnView) => [r.id, r.status])).toEqual([[id, "refund_due"]]);
  const waiting = await call(app, owner, "GET", "/api/admin/returns?view=to_handle");
  expect(waiting.json().data.some((r: { id: number }) => r.id === id)).toBe(true);

  expect((await step(id, "refund-paid", {})).statusCode).toBe(400);
  const sent = await step(id, "refund-paid", { reference: "SBINN26340012345" });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json<AdminReturnStepResponse>().data).toMatchObject({
    status: "refunded",
    payout_reference: "SBINN26340012345",
  });
  expect(
    await db()
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.method, "transfer"))),
  ).toMatchObject([{ status: "refunded", reason: "return", returnId: id, reference: "SBINN26340012345" }]);
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  expect(order!.status).toBe("refunded");
  const told = (await emailsTo(app, email)).find((m) => m.subject.startsWith("Your refund of"));
  expect(told?.text).toContain("to the account you paid from");
  // The whole payment went back through the return; nothing more is owed on the order.
  expect((await page()).bank_transfer).toMatchObject({ paid: total, owed_back: 0 });
});
