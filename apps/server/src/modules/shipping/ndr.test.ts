import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { istDay, type AdminNdrList, type NdrLinkView } from "@store/shared";
import { call, newAdmin } from "../admin/test-support";
import { auditLog } from "../admin/tables";
import { orderEvents, orders } from "../orders/tables";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createListeningTestApp, emailsTo, paidCardOrder } from "../checkout/test-support";
import { whatsappOutbox } from "../../whatsapp/tables";
import { failedDeliveries } from "./ndr-tables";
import { loadCourierSimulatorCredentials } from "./simulator/credentials";
import { findShipment } from "./simulator/records";
import { shipments } from "./tables";

let app: FastifyInstance;
let admin: Record<string, string>;
let kurta: PickedVariant;
let phoneCounter = 0;
beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [kurta] = (await pickVariants(app, { minStock: 20, count: 1 })) as [PickedVariant];
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const db = () => app.database.db;
const ndrsOf = (orderId: number) => db().select().from(failedDeliveries).where(eq(failedDeliveries.orderId, orderId));
const awbOf = async (orderId: number) =>
  (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0]!.awb!;

/** The simulator's test control, as the owner: moves the parcel and waits for its webhook. */
const control = (awb: string, body: Record<string, unknown>) =>
  call(app, admin, "POST", `/sim/shiprocket/control/shipments/${awb}`, body);

/** A paid order booked with the simulated courier and out for delivery; WhatsApp as told. */
async function outForDelivery(options: { whatsapp: boolean; email: string }) {
  phoneCounter += 1;
  const local = `98291${String(60000 + phoneCounter + (process.pid % 1000) * 10).padStart(5, "0")}`;
  const { orderId } = await paidCardOrder(app, [{ variant: kurta, quantity: 1 }], {
    email: options.email,
    mobile_number: local,
    whatsapp_opt_in: options.whatsapp,
  });
  const booked = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: [orderId] });
  expect(booked.statusCode, booked.body).toBe(200);
  const awb = await awbOf(orderId);
  for (let i = 0; i < 4; i += 1) expect((await control(awb, { action: "advance" })).statusCode).toBe(200);
  return { orderId, awb, whatsapp: `91${local}` };
}

const linkOf = (row: { id: number; token: string }) => `/api/deliveries/${row.id}?token=${row.token}`;
const answer = (row: { id: number; token: string }, body: unknown) =>
  app.inject({ method: "POST", url: `/api/deliveries/${row.id}/answer?token=${row.token}`, payload: body as object });

describe("a failed delivery reported by the courier (NDR)", () => {
  it("is stored once per courier event, with its reason and attempt, and the shopper gets WhatsApp with the link", async () => {
    const { orderId, awb, whatsapp } = await outForDelivery({
      whatsapp: true,
      email: `ndr.wa.${process.pid}@example.in`,
    });
    const failed = await control(awb, { action: "fail", reason: "address_incomplete" });
    expect(failed.statusCode, failed.body).toBe(200);
    const [ndr, ...more] = await ndrsOf(orderId);
    expect(more).toEqual([]);
    expect(ndr).toMatchObject({
      attempt: 1,
      reason: "address_incomplete",
      courierRemark: "Address incomplete / incorrect",
    });

    // The same webhook again (Shiprocket retries): nothing more is stored or sent.
    const parcel = (await findShipment(db(), { awb }))!;
    const last = parcel.history.at(-1)!;
    const { webhookSecret } = await loadCourierSimulatorCredentials(db());
    const when = new Date(Date.parse(last.date) + 330 * 60_000).toISOString();
    const replay = {
      awb,
      current_status: "UNDELIVERED",
      current_status_id: 21,
      current_timestamp: `${when.slice(8, 10)} ${when.slice(5, 7)} ${when.slice(0, 4)} ${when.slice(11, 19)}`,
      scans: [{ location: last.location, activity: last.activity }],
    };
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({
        method: "POST",
        url: "/api/shipping/webhook",
        headers: { "content-type": "application/json", "x-api-key": webhookSecret },
        payload: JSON.stringify(replay),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await ndrsOf(orderId)).toHaveLength(1);

    const messages = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.to, whatsapp));
    const notices = messages.filter((m) => m.template === "delivery_failed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.parameters[0]).toBe(String(orderId));
    expect(notices[0]!.parameters[2]).toContain(`/delivery/${ndr!.id}?token=${ndr!.token}`);
    // WhatsApp went: no e-mail about it.
    expect(
      (await emailsTo(app, `ndr.wa.${process.pid}@example.in`)).some((m) => m.subject.includes("could not deliver")),
    ).toBe(false);
  });

  it("takes the shopper's answer once, refuses bad input and wrong links, and the seller's reattempt reaches the courier", async () => {
    const email = `ndr.mail.${process.pid}@example.in`;
    const { orderId, awb } = await outForDelivery({ whatsapp: false, email });
    expect((await control(awb, { action: "fail", reason: "not_available" })).statusCode).toBe(200);
    const [ndr] = await ndrsOf(orderId);
    const mail = (await emailsTo(app, email)).find((m) => m.subject.includes(`could not deliver your`));
    expect(mail?.text).toContain(`/delivery/${ndr!.id}?token=${ndr!.token}`);

    // The shopper's order page (by its link) says the failed attempt and links to the answer while it is open.
    const [placed] = await db().select().from(orders).where(eq(orders.id, orderId));
    const orderPage = async () =>
      (await app.inject({ url: `/api/orders/${orderId}?token=${placed!.viewToken}` })).json().data as {
        failed_delivery: { attempt: number; reason_text: string; answer_path: string | null; answered: boolean } | null;
      };
    expect((await orderPage()).failed_delivery).toMatchObject({
      attempt: 1,
      reason_text: "Nobody was available to receive it",
      answer_path: `/delivery/${ndr!.id}?token=${ndr!.token}`,
      answered: false,
    });

    const view = await app.inject({ method: "GET", url: linkOf(ndr!) });
    expect(view.statusCode, view.body).toBe(200);
    const page = view.json() as NdrLinkView;
    expect(page).toMatchObject({ order_id: orderId, attempt: 1, reason: "not_available", answer: null, closed: false });
    expect(page.dates).toHaveLength(5);

    // Wrong token, unknown id: 404; bad bodies: 400, nothing stored.
    expect((await app.inject({ method: "GET", url: `/api/deliveries/${ndr!.id}?token=nope` })).statusCode).toBe(404);
    expect((await answer({ id: 999999, token: ndr!.token }, { action: "cancel" })).statusCode).toBe(404);
    for (const bad of [
      {},
      { action: "later" },
      { action: "reattempt" },
      { action: "reattempt", date: "2026-13-40" },
      { action: "reattempt", date: istDay(new Date(), 0) },
      { action: "reattempt", date: istDay(new Date(), 9) },
      { action: "reattempt", date: page.dates[0], mobile_number: "12345" },
      { action: "reattempt", date: page.dates[0], delivery_address: "" },
    ]) {
      const res = await answer(ndr!, bad);
      expect(res.statusCode, JSON.stringify(bad) + res.body).toBe(400);
    }
    expect((await ndrsOf(orderId))[0]?.answer).toBeNull();

    const ok = await answer(ndr!, {
      action: "reattempt",
      date: page.dates[1],
      delivery_address: "Flat 4B, Shanti Niketan, near the water tank, Malviya Nagar",
      mobile_number: "+91 98290 11223",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as NdrLinkView).answer).toMatchObject({
      action: "reattempt",
      date: page.dates[1],
      mobile_number: "9829011223",
    });
    expect((await answer(ndr!, { action: "cancel" })).statusCode).toBe(409);
    expect((await orderPage()).failed_delivery).toMatchObject({ answer_path: null, answered: true });
    // The order holds the correction too, with a line in its history.
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      deliveryAddress: "Flat 4B, Shanti Niketan, near the water tank, Malviya Nagar",
      mobileNumber: "9829011223",
      status: "shipped",
    });
    const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(history.at(-1)).toMatchObject({
      fromStatus: "shipped",
      toStatus: "shipped",
      note: expect.stringContaining("failed attempt") as unknown,
      data: { delivery_address: order!.deliveryAddress, mobile_number: "9829011223" },
    });

    // The seller's queue shows it with the answer; reattempt passes the choice to the courier.
    const queue = await call(app, admin, "GET", "/api/admin/failed-deliveries");
    expect(queue.statusCode, queue.body).toBe(200);
    const item = (queue.json() as AdminNdrList).items.find((i) => i.id === ndr!.id);
    expect(item).toMatchObject({
      order_id: orderId,
      awb,
      attempt: 1,
      reason: "not_available",
      answer: { action: "reattempt" },
    });

    const acted = await call(app, admin, "POST", `/api/admin/failed-deliveries/${ndr!.id}/reattempt`);
    expect(acted.statusCode, acted.body).toBe(200);
    const parcel = (await findShipment(db(), { awb }))!;
    expect(parcel.ndr_actions).toEqual([
      {
        action: "re-attempt",
        deferred_date: page.dates[1],
        address1: "Flat 4B, Shanti Niketan, near the water tank, Malviya Nagar",
        phone: "9829011223",
        comments: "Buyer asked for another attempt",
      },
    ]);
    // The courier reported the new attempt: out for delivery again, and the row left the queue.
    expect(parcel.step).toBe("outForDelivery");
    // The click is in the audit log, with what the courier was told.
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "shipment:ndr-reattempt"), eq(auditLog.entityId, String(orderId))));
    expect(audit?.changes).toMatchObject({
      failed_delivery: { before: null, after: ndr!.id },
      courier_action: { before: null, after: "reattempt" },
      date: { before: null, after: page.dates[1] },
    });
    const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(shipment?.status).toBe("out_for_delivery");
    expect((await ndrsOf(orderId))[0]).toMatchObject({ resolution: "reattempt" });
    expect(
      ((await call(app, admin, "GET", "/api/admin/failed-deliveries")).json() as AdminNdrList).items.map((i) => i.id),
    ).not.toContain(ndr!.id);
    expect((await orderPage()).failed_delivery).toBeNull();
    // A second click, and a late shopper: 409.
    expect((await call(app, admin, "POST", `/api/admin/failed-deliveries/${ndr!.id}/return`)).statusCode).toBe(409);
    expect((await app.inject({ method: "GET", url: linkOf(ndr!) })).json()).toMatchObject({ closed: true });

    // The second attempt fails too: attempt 2, a new link; the seller returns it to origin.
    expect((await control(awb, { action: "fail", reason: "refused" })).statusCode).toBe(200);
    const second = (await ndrsOf(orderId)).find((r) => r.attempt === 2);
    expect(second).toMatchObject({ reason: "refused", resolution: null });
    const back = await call(app, admin, "POST", `/api/admin/failed-deliveries/${second!.id}/return`);
    expect(back.statusCode, back.body).toBe(200);
    expect((await findShipment(db(), { awb }))?.step).toBe("rtoInitiated");
    const returns = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "shipment:ndr-return"), eq(auditLog.entityId, String(orderId))));
    expect(returns).toHaveLength(1);
    expect((await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0]?.status).toBe(
      "rto_initiated",
    );
  });

  it("refuses an expired link with 410 and an unknown NDR to the seller with 404", async () => {
    const { orderId, awb } = await outForDelivery({ whatsapp: false, email: `ndr.old.${process.pid}@example.in` });
    expect((await control(awb, { action: "fail" })).statusCode).toBe(200);
    const [ndr] = await ndrsOf(orderId);
    await db()
      .update(failedDeliveries)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(failedDeliveries.id, ndr!.id));
    const late = await answer(ndr!, { action: "cancel" });
    expect(late.statusCode, late.body).toBe(410);
    expect((await call(app, admin, "POST", "/api/admin/failed-deliveries/999999/reattempt")).statusCode).toBe(404);
    expect((await call(app, admin, "POST", "/api/admin/failed-deliveries/abc/reattempt")).statusCode).toBe(400);
  });
});
