import { and, eq } from "drizzle-orm";
import type { AdminReturnView, BulkShipResponse, ShipmentResults } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListeningTestApp, emailsTo } from "../checkout/test-support";
import { whatsappOutbox } from "../../whatsapp/tables";
import { orders } from "../orders/tables";
import { payments, refunds } from "../payments/tables";
import { returnRequests } from "../returns/tables";
import { auditLog } from "./tables";
import { call, insertOrder, newAdmin } from "./test-support";

/** Issue 40, points 11, 12, 13 and 18 through the API (decision 077). */
let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const db = () => app.database.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const shopperView = async (id: number) => {
  const res = await app.inject({ url: `/api/orders/${id}?token=${(await orderRow(id)).viewToken}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ship = (id: number, body: Record<string, unknown>) =>
  call(app, admin, "POST", `/api/admin/orders/${id}/status`, { status: "shipped", ...body });

describe("an order shipped by hand (point 12)", () => {
  it("records the carrier, e-mails and WhatsApps the shopper, audits it and shows the tracking link", async () => {
    const { order } = await insertOrder(app);
    await db().update(orders).set({ whatsappOptIn: true }).where(eq(orders.id, order.id));
    const res = await ship(order.id, { carrier: "delhivery", tracking_number: "DLV 123" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: "shipped",
      trackingNumber: "DLV 123",
      handCarrier: "delhivery",
      handCarrierName: null,
    });
    const url = "https://www.delhivery.com/track/package/DLV%20123";
    const mail = (await emailsTo(app, "asha@example.in")).find((m) => m.subject.includes(`#${order.id} has shipped`));
    expect(mail?.text).toContain("Courier: Delhivery");
    expect(mail?.text).toContain(url);
    const message = (await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.template, "order_shipped"))).find(
      (m) => m.parameters[0] === String(order.id),
    );
    expect(message?.parameters.slice(0, 4)).toEqual([String(order.id), "Delhivery", "DLV 123", url]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, "status:shipped")));
    expect(JSON.stringify(audit?.changes)).toContain("delhivery");
    const shopper = await shopperView(order.id);
    expect(shopper.tracking).toEqual({ awb: "DLV 123", courier: "Delhivery", url });
    expect(shopper.delivered_by_hand).toBe(false);
    expect(shopper.timeline.map((s: { label: string }) => s.label)).toContain("Shipped");
  });

  it("names another courier as typed, without a link; hand delivery has no number", async () => {
    const other = await insertOrder(app);
    expect(
      (await ship(other.order.id, { carrier: "other", carrier_name: "Jaipur Express", tracking_number: "JE-9" }))
        .statusCode,
    ).toBe(200);
    expect((await shopperView(other.order.id)).tracking).toEqual({ awb: "JE-9", courier: "Jaipur Express", url: null });

    const hand = await insertOrder(app);
    const res = await call(app, admin, "POST", "/api/admin/orders/ship", {
      orders: [{ id: hand.order.id, carrier: "hand_delivered" }],
    });
    expect((res.json() as BulkShipResponse).shipped).toBe(1);
    expect(await orderRow(hand.order.id)).toMatchObject({
      status: "shipped",
      trackingNumber: null,
      handCarrier: "hand_delivered",
    });
    const shopper = await shopperView(hand.order.id);
    expect(shopper).toMatchObject({ tracking: null, delivered_by_hand: true });
    const mail = (await emailsTo(app, "asha@example.in")).find((m) =>
      m.subject.includes(`#${hand.order.id} has shipped`),
    );
    expect(mail?.text).toContain("We are bringing it to you ourselves");
  });

  it.each([
    ["an unknown carrier", { carrier: "pigeon", tracking_number: "P1" }, "carrier"],
    ["another courier without its name", { carrier: "other", tracking_number: "P1" }, "carrier_name"],
    ["a listed courier without a number", { carrier: "dtdc" }, "tracking_number"],
    ["hand delivery with a number", { carrier: "hand_delivered", tracking_number: "P1" }, "tracking_number"],
  ])("answers 400 for %s, naming the field, and changes nothing", async (_what, body, field) => {
    const { order } = await insertOrder(app);
    const res = await ship(order.id, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", trackingNumber: null, handCarrier: null });
    const bulk = await call(app, admin, "POST", "/api/admin/orders/ship", { orders: [{ id: order.id, ...body }] });
    expect(bulk.statusCode).toBe(400);
    expect((await orderRow(order.id)).status).toBe("paid");
  });
});

describe("labels for what can ship (point 13)", () => {
  it("books and readies the labels it can, and says why for each order it cannot", async () => {
    const jaipur = await insertOrder(app, { currency: "INR" });
    const abroad = await insertOrder(app, { currency: "USD" });
    await db().update(orders).set({ deliveryCountry: "GB", city: "London" }).where(eq(orders.id, abroad.order.id));
    const unpaid = await insertOrder(app, { status: "pending_payment" });
    const res = await call(app, admin, "POST", "/api/admin/shipments/labels", {
      order_ids: [jaipur.order.id, abroad.order.id, unpaid.order.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ShipmentResults;
    expect(answer).toMatchObject({ done: 1, refused: 2 });
    expect(answer.results.map((r) => [r.order_id, r.ok, r.code])).toEqual([
      [jaipur.order.id, true, null],
      [abroad.order.id, false, "NOT_DOMESTIC"],
      [unpaid.order.id, false, "NOT_SHIPPABLE"],
    ]);
    expect(answer.results[1]!.message).toContain("Ship it by hand");
    expect((await orderRow(jaipur.order.id)).status).toBe("shipped");
    expect((await orderRow(abroad.order.id)).status).toBe("paid");
    // Asked again, the booked order is ready at once (its label kept), and the PDF prints the ready ones only.
    const again = (
      await call(app, admin, "POST", "/api/admin/shipments/labels", { order_ids: [jaipur.order.id] })
    ).json() as ShipmentResults;
    expect(again.results[0]).toMatchObject({ ok: true, awb: answer.results[0]!.awb });
    const pdf = await call(app, admin, "GET", `/api/admin/shipments/labels.pdf?ids=${jaipur.order.id}`);
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1);
    expect((await call(app, admin, "POST", "/api/admin/shipments/labels", { order_ids: [] })).statusCode).toBe(400);
  });
});

describe("returns to handle (point 11)", () => {
  it("lists the requests waiting for the seller, as the dashboard counts them", async () => {
    const { order } = await insertOrder(app, { status: "delivered" });
    const make = async (status: AdminReturnView["status"]) =>
      (
        await db()
          .insert(returnRequests)
          .values({ orderId: order.id, kind: "return", reason: "Size does not fit", status })
          .returning({ id: returnRequests.id })
      )[0]!.id;
    const requested = await make("requested");
    const approved = await make("approved");
    const failedRefund = await make("refunding");
    const pending = await make("refunding");
    // A refund through the provider that failed for good: the seller must retry it.
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    await db()
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: payment!.id,
        method: "provider",
        reason: "return",
        returnId: failedRefund,
        status: "failed",
        amount: 100,
        currency: "USD",
        idempotencyKey: `failed-${failedRefund}`,
      });
    const res = await call(app, admin, "GET", "/api/admin/returns?view=to_handle");
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as AdminReturnView[]).map((r) => r.id);
    expect(ids).toContain(requested);
    expect(ids).toContain(failedRefund);
    expect(ids).not.toContain(approved);
    expect(ids).not.toContain(pending);
    const dashboard = await call(app, admin, "GET", "/api/admin/dashboard");
    expect(dashboard.json().returns_to_handle).toBe(ids.length);
    expect((await call(app, admin, "GET", "/api/admin/returns?view=everything")).statusCode).toBe(400);
  });
});

describe("addresses abroad (point 18)", () => {
  it("the shopper's page and the shipped e-mail carry the country", async () => {
    const { order } = await insertOrder(app, { currency: "USD" });
    await db()
      .update(orders)
      .set({ deliveryCountry: "US", city: "Seattle", state: "WA", pinCode: "98101", email: "ruth@example.com" })
      .where(eq(orders.id, order.id));
    expect((await shopperView(order.id)).delivery.country).toBe("US");
    await ship(order.id, { carrier: "fedex", tracking_number: "FX1" });
    const mail = (await emailsTo(app, "ruth@example.com")).find((m) => m.subject.includes(`#${order.id} has shipped`));
    expect(mail?.text).toMatch(/Seattle, WA 98101\s+United States/);
  });
});
