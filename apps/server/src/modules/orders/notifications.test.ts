import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../email/tables";
import { queuedHtml, startSmtpSink } from "../../email/test-support";
import { simulatorSecretHeader } from "../../testing/test-app";
import { hubSignature } from "../../whatsapp/cloud-api";
import { whatsappOutbox } from "../../whatsapp/tables";
import { newShopper, tokenHeader, uniqueEmail } from "../accounts/test-support";
import { notificationPreferences } from "../accounts/tables";
import { pickVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { queueRefundSentNotice, queueReturnNotice } from "./return-notices";
import { queueShipmentNotice, type ShipmentStep } from "./shipment-notices";
import { orderLines, orders } from "./tables";

let app: FastifyInstance;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createListeningTestApp({ config: { smtpUrl: sink.url } });
});
afterEach(async () => {
  await webhooksSettled(app);
  await app.whatsappSimulator?.settled();
});
afterAll(async () => {
  await app.close();
  await sink.close();
});

let phoneCounter = 0;
/** A fresh mobile number per order, so each test reads only its own phone's messages. */
function nextMobile() {
  phoneCounter += 1;
  const local = `98290${String(50000 + phoneCounter).padStart(5, "0")}`;
  return { typed: `+91 ${local.slice(0, 5)} ${local.slice(5)}`, whatsapp: `91${local}` };
}

/** A paid card order from a guest (or the shopper whose headers are given), the WhatsApp box as told. */
async function paidOrder(options: { email?: string; whatsapp: boolean; headers?: Record<string, string> }) {
  const variant = await pickVariant(app, { minStock: 3 });
  const lines = [{ variant }];
  const cartId = await fillCart(app, lines, "INR", options.headers);
  const total = pageTotal(lines, "INR") * 100;
  const mobile = nextMobile();
  const extra = {
    mobile_number: mobile.typed,
    whatsapp_opt_in: options.whatsapp,
    ...(options.email && { email: options.email }),
  };
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, extra), options.headers);
  expect(created.statusCode, created.body).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verified = await verifyPayment(
    app,
    { amount: total, razorpay: true, cart_id: cartId, ...paid },
    options.headers,
  );
  expect(verified.json().status).toBe("paid");
  const [order] = await app.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, data.order_id as number));
  return { order: order!, phone: mobile.whatsapp, variant };
}

/** Both outboxes emptied, and the simulator's status webhooks answered. */
async function deliverAll() {
  await app.services.outbox.deliverPending();
  await app.services.whatsapp.outbox.deliverPending();
  await app.whatsappSimulator?.settled();
}

async function phoneMessages(number: string) {
  const res = await app.inject({
    url: `/sim/whatsapp/phones/${number}/messages`,
    headers: await simulatorSecretHeader(app),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { id: string; template: string; text: string; status: string }[] }>().data;
}

/** The raw messages the SMTP server received for an address. */
const mailTo = (address: string) => sink.received.filter((m) => m.includes(`To: ${address}`));

/** A raw message's quoted-printable soft line breaks undone, so links and sentences read whole. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

const DETAILS = { awb: "SIM1234567890", courier: "Delhivery", trackingUrl: "https://track.example.in/SIM1234567890" };

async function notice(order: typeof orders.$inferSelect, step: ShipmentStep) {
  return app.database.db.transaction((tx) => queueShipmentNotice(tx, order, step, DETAILS));
}

describe("order confirmed", () => {
  it("with the WhatsApp box ticked: the template on the simulated phone, delivered; the e-mail in HTML and text", async () => {
    const email = uniqueEmail("whatsapp");
    const { order, phone } = await paidOrder({ email, whatsapp: true });
    await deliverAll();

    const [message, ...more] = await phoneMessages(phone);
    expect(more).toEqual([]);
    expect(message?.template).toBe("order_confirmed");
    expect(message?.text).toContain(`order #${order.id}`);
    expect(message?.text).toMatch(
      /Stop these updates: http:\/\/127\.0\.0\.1:\d+\/notifications\/off\?token=[\w-]+\.[\w-]+$/,
    );
    const [row] = await app.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, phone));
    expect(row).toMatchObject({ status: "sent", providerMessageId: message?.id, deliveryStatus: "delivered" });

    const [raw, ...others] = mailTo(email);
    expect(others).toEqual([]);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const mail = unfolded(raw!);
    expect(mail).toContain(`Thank you for your order #${order.id}`);
    expect(mail).toContain("#1f2f5c"); // the storefront's indigo
    // The confirmation is not an order update one can turn off: no opt-out header.
    expect(mail).not.toMatch(/List-Unsubscribe/i);
  });

  it("without the box: no WhatsApp message at all", async () => {
    const { phone } = await paidOrder({ email: uniqueEmail("nobox"), whatsapp: false });
    await deliverAll();
    expect(await phoneMessages(phone)).toEqual([]);
    expect(await app.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, phone))).toEqual([]);
  });
});

describe("shipment notices", () => {
  it("shipped: the tracking link in both parts and on WhatsApp; opting out by the e-mail's link stops e-mails only", async () => {
    const email = uniqueEmail("ship");
    const { order, phone } = await paidOrder({ email, whatsapp: true });
    expect(await notice(order, "shipped")).toEqual({ email: true, whatsapp: true });
    await deliverAll();

    const shipped = unfolded(mailTo(email).find((m) => m.includes("has shipped")) ?? "");
    expect(shipped).toContain(`href="${DETAILS.trackingUrl}"`);
    expect(shipped).toContain(`Track your parcel:\r\n${DETAILS.trackingUrl}`);
    const optOut = /List-Unsubscribe:\s*<(http[^>]+)>/.exec(shipped)?.[1];
    expect(optOut).toMatch(/\/notifications\/off\?token=/);
    expect(shipped).toContain(`Stop order updates by e-mail: ${optOut}`);
    const onPhone = await phoneMessages(phone);
    expect(onPhone.map((m) => m.template)).toEqual(["order_confirmed", "order_shipped"]);
    expect(onPhone[1]?.text).toContain(`Track it: ${DETAILS.trackingUrl}`);

    const token = new URL(optOut!).searchParams.get("token")!;
    const seen = await app.inject({ url: `/api/notifications/off/?token=${token}` });
    expect(seen.json()).toMatchObject({ channel: "email", enabled: true });
    expect(seen.json().contact).not.toContain(email.split("@")[0]);
    const off = await app.inject({ method: "POST", url: "/api/notifications/off/", payload: { token } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ channel: "email", enabled: false });

    expect(await notice(order, "out_for_delivery")).toEqual({ email: false, whatsapp: true });
    await deliverAll();
    expect(mailTo(email).some((m) => m.includes("out for delivery"))).toBe(false);
    const afterOptOut = await phoneMessages(phone);
    expect(afterOptOut.map((m) => m.template)).toEqual(["order_confirmed", "order_shipped", "out_for_delivery"]);

    // The WhatsApp message's own link turns WhatsApp off: the shopper then gets nothing.
    const whatsappToken = new URL(/(http\S+)$/.exec(afterOptOut[2]!.text)![1]!).searchParams.get("token")!;
    const offWhatsApp = await app.inject({
      method: "POST",
      url: "/api/notifications/off/",
      payload: { token: whatsappToken },
    });
    expect(offWhatsApp.json()).toMatchObject({ channel: "whatsapp", enabled: false });
    expect(await notice(order, "delivered")).toEqual({ email: false, whatsapp: false });
    await deliverAll();
    expect(await phoneMessages(phone)).toHaveLength(3);
  });

  it("delivered: the 48-hour return window and links to each piece's review form", async () => {
    const email = uniqueEmail("delivered");
    const { order, variant } = await paidOrder({ email, whatsapp: false });
    const at = new Date("2026-12-01T10:00:00Z");
    await app.database.db.transaction((tx) => queueShipmentNotice(tx, order, "delivered", { ...DETAILS, at }));
    const [row] = await app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `[TEST] Your Jaipur Kala House order #${order.id} has been delivered`));
    expect(row?.text).toContain("within 48 hours of delivery, until Thu 3 Dec, 3:30 pm IST");
    const [line] = await app.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const form = `/orders/${order.id}?token=${order.viewToken}#review-${line!.id}`;
    expect(row?.text).toContain(`${variant.name}: {{store_url}}${form}`);
    await deliverAll();
    const sent = unfolded(mailTo(email).find((m) => m.includes("has been delivered")) ?? "");
    expect(sent).toContain(`${app.config.publicUrl}${form}`);
    expect(sent).not.toContain("{{store_url}}");
  });
});

describe("return and refund notices (for the returns flow)", () => {
  it("tell the shopper on both channels, the seller's note escaped in the HTML", async () => {
    const email = uniqueEmail("returns");
    const { order, phone } = await paidOrder({ email, whatsapp: true });
    const note = "Pickup on Fri 4 Dec <between 10 & 2>\nCall 98290 41234";
    await app.database.db.transaction(async (tx) => {
      expect(await queueReturnNotice(tx, order, { step: "pickup_booked", note })).toEqual({
        email: true,
        whatsapp: true,
      });
      expect(
        await queueRefundSentNotice(tx, order, { amountMinor: 199900, destination: "UPI id asha@okaxis" }),
      ).toEqual({
        email: true,
        whatsapp: true,
      });
    });
    // Oldest first: without an order, PostgreSQL may answer rows in any order (an updated row moves).
    const rows = await app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(asc(emailOutbox.id));
    const [returned, refunded] = rows.slice(-2);
    expect(returned?.text).toContain(
      `An update on your return for order #${order.id}: the courier will pick the parcel up.`,
    );
    expect(await queuedHtml(returned!)).toContain("Pickup on Fri 4 Dec &lt;between 10 &amp; 2&gt;");
    expect(refunded?.subject).toBe(`Your refund of ₹1,999 for Jaipur Kala House order #${order.id}`);
    expect(refunded?.text).toContain("to UPI id asha@okaxis");
    await deliverAll();
    const texts = (await phoneMessages(phone)).map((m) => m.text);
    expect(texts[1]).toContain(
      `your return for order #${order.id}: the courier will pick the parcel up (${note.replace("\n", " ")})`,
    );
    expect(texts[2]).toContain(`a refund of ₹1,999 for order #${order.id} to UPI id asha@okaxis`);
  });
});

describe("opt-out links", () => {
  it("refuses forged, altered and malformed tokens with 400, changing nothing", async () => {
    const before = await app.database.db.select().from(notificationPreferences);
    const genuine = await app.services.notifications.links.token("email", "someone@example.in");
    const [payload] = genuine.split(".");
    const forgedPayload = Buffer.from("e:victim@example.in").toString("base64url");
    for (const token of [
      `${forgedPayload}.${genuine.split(".")[1]}`,
      `${payload}.AAAA`,
      "not-a-token",
      `${genuine}.extra`,
      "",
    ]) {
      const get = await app.inject({ url: `/api/notifications/off/?token=${encodeURIComponent(token)}` });
      const post = await app.inject({ method: "POST", url: "/api/notifications/off/", payload: { token } });
      expect([get.statusCode, post.statusCode], token).toEqual([400, 400]);
      expect(post.json().message).toBeTruthy();
    }
    const noBody = await app.inject({ method: "POST", url: "/api/notifications/off/", payload: {} });
    expect(noBody.statusCode).toBe(400);
    expect(await app.database.db.select().from(notificationPreferences)).toEqual(before);
  });
});

describe("the account page's switches", () => {
  it("turn each channel off and on for the signed-in shopper; bad input is 400, a guest 401", async () => {
    const shopper = await newShopper(app);
    const headers = tokenHeader(shopper.token);
    const url = "/api/account/notifications/";
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers })).json()).toEqual({
      email_order_updates: true,
      whatsapp_order_updates: true,
    });
    for (const payload of [{ email_order_updates: "no" }, { sms: false }]) {
      const bad = await app.inject({ method: "PUT", url, headers, payload });
      expect(bad.statusCode).toBe(400);
    }
    const off = await app.inject({
      method: "PUT",
      url,
      headers,
      payload: { email_order_updates: false, whatsapp_order_updates: false },
    });
    expect(off.json()).toEqual({ email_order_updates: false, whatsapp_order_updates: false });

    // An opted-out shopper's order: the confirmation (with its invoice) only, then nothing on either channel.
    const { order, phone } = await paidOrder({ whatsapp: true, headers });
    expect(await notice(order, "shipped")).toEqual({ email: false, whatsapp: false });
    await deliverAll();
    expect(await phoneMessages(phone)).toEqual([]);
    expect(mailTo(shopper.email).filter((m) => m.includes(`order #${order.id}`)).length).toBe(1);

    const on = await app.inject({ method: "PUT", url, headers, payload: { whatsapp_order_updates: true } });
    expect(on.json()).toEqual({ email_order_updates: false, whatsapp_order_updates: true });
    expect(await notice(order, "out_for_delivery")).toEqual({ email: false, whatsapp: true });
  });
});

describe("the WhatsApp outbox and the Cloud API adapter", () => {
  it("keeps a message the API refused (an outage) pending with its error, and sends it on the retry", async () => {
    await deliverAll(); // nothing left over from other tests
    const { phone, order } = await paidOrder({ email: uniqueEmail("outage"), whatsapp: true });
    const outage = await app.inject({
      method: "POST",
      url: "/sim/whatsapp/outages",
      payload: { failures: 1 },
      headers: await simulatorSecretHeader(app),
    });
    expect(outage.statusCode).toBe(200);
    expect(await app.services.whatsapp.outbox.deliverPending()).toEqual({ delivered: 0, failed: 1 });
    const [pending] = await app.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, phone));
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending?.lastError).toMatch(/503.*simulated outage/);
    expect(await phoneMessages(phone)).toEqual([]);
    // The order never waited for WhatsApp.
    expect(order.status).toBe("paid");

    expect(await app.services.whatsapp.outbox.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    expect((await phoneMessages(phone)).map((m) => m.template)).toEqual(["order_confirmed"]);
  });

  it("the simulator refuses what Meta refuses: an unknown template, a wrong parameter count, a bad token", async () => {
    const { sender } = app.services.whatsapp;
    const message = { to: "919829099999", language: "en", parameters: ["1", "₹1,000", "link"] };
    await expect(sender.send({ ...message, template: "order_cancelled" })).rejects.toThrow(/404.*132001/);
    await expect(sender.send({ ...message, template: "order_shipped" })).rejects.toThrow(/400.*132000/);
    const noToken = await fetch(`${app.config.publicUrl}/sim/whatsapp/v21.0/100000000000001/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer guessed" },
      body: "{}",
    });
    expect(noToken.status).toBe(401);
    expect(await phoneMessages("919829099999")).toEqual([]);
  });
});

describe("the WhatsApp status webhook", () => {
  const post = (body: string, signature?: string) =>
    app.inject({
      method: "POST",
      url: "/api/webhooks/whatsapp",
      headers: { "content-type": "application/json", ...(signature && { "x-hub-signature-256": signature }) },
      payload: body,
    });
  const statusBody = (id: string, status: string) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "waba", changes: [{ field: "messages", value: { statuses: [{ id, status }] } }] }],
    });

  it("records a signed status, moving only forward; refuses a forged signature (401) and a body that is not one (400)", async () => {
    const { phone } = await paidOrder({ email: uniqueEmail("hook"), whatsapp: true });
    await deliverAll();
    const [row] = await app.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, phone));
    const id = row!.providerMessageId!;
    const secret = app.services.whatsapp.appSecret!;
    const status = async () =>
      (await app.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.id, row!.id)))[0]?.deliveryStatus;

    const read = statusBody(id, "read");
    expect((await post(read, hubSignature(read, "not-the-secret"))).statusCode).toBe(401);
    expect((await post(read)).statusCode).toBe(401);
    expect(await status()).toBe("delivered");

    const signed = await post(read, hubSignature(read, secret));
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ received: true, updated: 1 });
    expect(await status()).toBe("read");
    const late = statusBody(id, "delivered");
    expect((await post(late, hubSignature(late, secret))).json()).toEqual({ received: true, updated: 0 });
    expect(await status()).toBe("read");

    const junk = '{"object":"page"}';
    expect((await post(junk, hubSignature(junk, secret))).statusCode).toBe(400);
    expect((await post("not json", hubSignature("not json", secret))).statusCode).toBe(400);
  });

  it("answers Meta's handshake with the challenge only for our verify token", async () => {
    const token = app.services.whatsapp.verifyToken!;
    const ok = await app.inject({
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
    });
    expect([ok.statusCode, ok.body]).toEqual([200, "1158201444"]);
    const wrong = await app.inject({
      url: "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain("1158201444");
  });
});
