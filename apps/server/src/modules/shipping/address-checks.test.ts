import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressCheckLinkView, AdminAddressCheck, AdminOrderListResponse } from "@store/shared";
import { auditLog } from "../admin/tables";
import { call, insertOrder, newAdmin } from "../admin/test-support";
import { createListeningTestApp, emailsTo } from "../checkout/test-support";
import { orderEvents, orders } from "../orders/tables";
import { whatsappOutbox } from "../../whatsapp/tables";
import { addressChecks } from "./address-check-tables";

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
});
afterAll(async () => {
  app.services.delivery.connectCourier(undefined);
  await app.close();
});

const db = () => app.database.db;
let emails = 0;

/** A COD order awaiting booking, its street without a house number; WhatsApp as told. */
async function flaggedOrder(options: { whatsapp?: boolean } = {}) {
  emails += 1;
  const email = `addr.${emails}.${process.pid}@example.in`;
  const { order } = await insertOrder(app, { paymentMethod: "cod" });
  await db()
    .update(orders)
    .set({ deliveryAddress: "Near the water tank, Malviya Nagar", email, whatsappOptIn: options.whatsapp ?? false })
    .where(eq(orders.id, order.id));
  return { orderId: order.id, email };
}

const detail = async (orderId: number) =>
  (await call(app, admin, "GET", `/api/admin/orders/${orderId}`)).json() as { address_check: AdminAddressCheck | null };
const send = (orderId: number) => call(app, admin, "POST", `/api/admin/orders/${orderId}/address-check`);
const checkOf = async (orderId: number) =>
  (await db().select().from(addressChecks).where(eq(addressChecks.orderId, orderId)))[0]!;
const answer = (orderId: number, token: string, body: unknown) =>
  app.inject({
    method: "POST",
    url: `/api/address-checks/${orderId}/answer?token=${token}`,
    payload: body as object,
  });

describe("address quality before booking (decision 092)", () => {
  it("flags the order and the list; the seller's click e-mails a link (audited); a correction clears the flag", async () => {
    const { orderId, email } = await flaggedOrder();
    const before = await detail(orderId);
    expect(before.address_check).toMatchObject({ problems: ["no_house_number"], can_send: true, sent_at: null });
    const list = (await call(app, admin, "GET", "/api/admin/orders?per_page=50")).json() as AdminOrderListResponse;
    expect(list.data.find((o) => o.id === orderId)?.address_flags).toEqual(["no_house_number"]);

    const sent = await send(orderId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      check: { channel: "email" },
      message: expect.stringContaining("e-mail") as unknown,
    });
    const { token } = await checkOf(orderId);
    const mail = (await emailsTo(app, email)).find((m) => m.subject.includes("confirm the address"));
    expect(mail?.text).toContain(`/address-check/${orderId}?token=${token}`);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order:address-check"), eq(auditLog.entityId, String(orderId))));
    expect(audit?.changes).toMatchObject({ address_check_sent: { after: "email" } });

    const view = await app.inject({ method: "GET", url: `/api/address-checks/${orderId}?token=${token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ order_id: orderId, resolution: null, pin_code: "302002" });

    // Wrong token or order: 404; bad bodies: 400, nothing changed.
    expect((await app.inject({ method: "GET", url: `/api/address-checks/${orderId}?token=nope` })).statusCode).toBe(
      404,
    );
    expect((await answer(orderId + 100000, token!, { action: "confirm" })).statusCode).toBe(404);
    for (const bad of [
      {},
      { action: "move" },
      { action: "correct", delivery_address: "Flat 2" },
      { action: "correct", delivery_address: "", mobile_number: "9829012345" },
      { action: "correct", delivery_address: "Flat 2, Shanti Niketan", mobile_number: "12345" },
    ]) {
      const res = await answer(orderId, token!, bad);
      expect(res.statusCode, JSON.stringify(bad) + res.body).toBe(400);
    }
    expect((await checkOf(orderId)).resolution).toBeNull();

    const corrected = await answer(orderId, token!, {
      action: "correct",
      delivery_address: "Flat 2, Shanti Niketan, near the water tank, Malviya Nagar",
      mobile_number: "98290 11223",
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((corrected.json() as AddressCheckLinkView).resolution).toBe("corrected");
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      deliveryAddress: "Flat 2, Shanti Niketan, near the water tank, Malviya Nagar",
      mobileNumber: "98290 11223",
      pinCode: "302002",
    });
    const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(history.at(-1)?.note).toContain("corrected the delivery address");
    expect((await detail(orderId)).address_check).toMatchObject({
      problems: [],
      resolution: "corrected",
      can_send: false,
    });
    // The link answered once.
    expect((await answer(orderId, token!, { action: "confirm" })).statusCode).toBe(409);
    expect((await send(orderId)).statusCode).toBe(409);
  });

  it("WhatsApp where opted in; confirm clears the flag; an expired link is 410; a booked or unflagged order is 409", async () => {
    const { orderId, email } = await flaggedOrder({ whatsapp: true });
    expect((await send(orderId)).statusCode).toBe(200);
    const messages = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.template, "address_check"));
    const { token } = await checkOf(orderId);
    expect(messages.find((m) => m.parameters[0] === String(orderId))?.parameters[1]).toContain(`token=${token}`);
    expect((await emailsTo(app, email)).some((m) => m.subject.includes("confirm the address"))).toBe(false);
    const confirmed = await answer(orderId, token!, { action: "confirm" });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await detail(orderId)).address_check?.problems).toEqual([]);
    expect((await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).at(-1)?.note).toContain(
      "confirmed",
    );

    const late = await flaggedOrder();
    expect((await send(late.orderId)).statusCode).toBe(200);
    await db()
      .update(addressChecks)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(addressChecks.orderId, late.orderId));
    const expired = await answer(late.orderId, (await checkOf(late.orderId)).token!, { action: "confirm" });
    expect(expired.statusCode, expired.body).toBe(410);

    const shipped = await flaggedOrder();
    await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, shipped.orderId));
    expect((await send(shipped.orderId)).statusCode).toBe(409);
    const { order: fine } = await insertOrder(app, { paymentMethod: "cod" });
    expect((await detail(fine.id)).address_check?.problems).toEqual([]);
    expect((await send(fine.id)).statusCode).toBe(409);
    expect((await call(app, admin, "POST", "/api/admin/orders/abc/address-check")).statusCode).toBe(400);
  });

  it("flags a COD order at a PIN code where the courier's cached answer says it collects no cash", async () => {
    app.services.delivery.connectCourier(async (pin) => (pin === "302002" ? { days: 3, cod: false } : null));
    const { order } = await insertOrder(app, { paymentMethod: "cod" });
    expect((await detail(order.id)).address_check?.problems).toEqual(["cod_not_served"]);
    // The list reads the stored answer, never the courier.
    const list = (await call(app, admin, "GET", "/api/admin/orders?per_page=50")).json() as AdminOrderListResponse;
    expect(list.data.find((o) => o.id === order.id)?.address_flags).toEqual(["cod_not_served"]);
    const { order: card } = await insertOrder(app, { paymentMethod: "razorpay", currency: "INR" });
    expect((await detail(card.id)).address_check?.problems).toEqual([]);
  });
});
