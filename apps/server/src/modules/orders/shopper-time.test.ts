import { asc, eq } from "drizzle-orm";
import { priceIn } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../email/tables";
import { renderTemplate, type WhatsAppTemplate } from "../../whatsapp/templates";
import { whatsappOutbox } from "../../whatsapp/tables";
import { uniqueEmail } from "../accounts/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  feeAbroad,
  fillCart,
  orderBody,
  payByCard,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { whatsappNumberOf } from "./notify-shopper";
import { queueRefundSentNotice } from "./return-notices";
import { queueShipmentNotice } from "./shipment-notices";
import { orders } from "./tables";

/**
 * Issue 41, point 6 (decision 084): the order keeps its shopper's time zone, and the shipping notices, the
 * WhatsApp messages and the order's page show its times in it, named, and its money in its currency.
 */
let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  const [picked] = await pickVariants(app, { minStock: 30 });
  if (!picked) throw new Error("no variant");
  variant = picked;
});
afterEach(() => webhooksSettled(app));
afterAll(() => app.close());

const LONDON = { delivery_country: "GB", mobile_number: "020 7946 0958", city: "London", pin_code: "SW1A 1AA" };
const NEW_YORK = {
  delivery_country: "US",
  mobile_number: "(212) 736-5000",
  city: "New York",
  state: "NY",
  pin_code: "10118",
};

/** create-order in USD to `address` with `extra` (the browser's zone...); answers the response. */
async function orderTo(address: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const cartId = await fillCart(app, [{ variant }], "USD");
  const fee = await feeAbroad(app, cartId, address.delivery_country, "USD");
  const amount = (priceIn("USD", variant.offerCents) + fee) * 100;
  const body = { city: "", state: "", pin_code: "", country_code: "", ...address, ...extra };
  const res = await createOrder(app, orderBody(cartId, "razorpay", "USD", amount, body));
  return { res, cartId, amount };
}

async function storedRow(orderId: number) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** The zone a placed order kept. */
async function zoneOf(address: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { res } = await orderTo(address, extra);
  expect(res.statusCode, res.body).toBe(200);
  return (await storedRow(res.json().data.order_id as number)).timeZone;
}

/** A paid USD card order to London from a London browser, with WhatsApp updates on. */
async function paidLondonOrder() {
  const email = uniqueEmail("london");
  const { res, cartId, amount } = await orderTo(LONDON, {
    time_zone: "Europe/London",
    email,
    whatsapp_opt_in: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { data } = res.json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verified = await verifyPayment(app, { amount, razorpay: true, cart_id: cartId, ...paid });
  expect(verified.json().status).toBe("paid");
  return { order: await storedRow(data.order_id as number), email };
}

/** The WhatsApp messages queued for the order's number, as the phone would read them, oldest first. */
async function whatsappTexts(order: typeof orders.$inferSelect) {
  const rows = await app.database.db
    .select()
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.to, whatsappNumberOf(order)!))
    .orderBy(asc(whatsappOutbox.id));
  return rows.map((r) => ({
    template: r.template,
    text: renderTemplate(r.template as WhatsAppTemplate, r.parameters),
  }));
}

async function emailText(to: string, subjectPart: string) {
  const rows = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return rows.find((r) => r.subject.includes(subjectPart))?.text ?? "";
}

const COURIER = { awb: "1234567890", courier: "DHL Express", trackingUrl: null };

describe("the shopper's time zone, chosen at create-order", () => {
  it("a London order from a London browser: shipped and delivered e-mails and WhatsApp in London time, money in USD", async () => {
    const { order, email } = await paidLondonOrder();
    expect(order.timeZone).toBe("Europe/London");
    const dollars = `$${order.total / 100}`;
    await app.database.db.transaction(async (tx) => {
      await queueShipmentNotice(tx, order, "shipped", { ...COURIER, at: new Date("2026-12-08T15:05:00Z") });
      await queueShipmentNotice(tx, order, "delivered", { ...COURIER, at: new Date("2026-12-11T09:30:00Z") });
      await queueRefundSentNotice(tx, order, { amountMinor: 2500, destination: "your card" });
    });
    expect(await emailText(email, "has shipped")).toContain("on its way (sent Tue 8 Dec, 3:05 pm GMT)");
    const delivered = await emailText(email, "has been delivered");
    expect(delivered).toContain("within 48 hours of delivery, until Sun 13 Dec, 9:30 am GMT, from");
    expect(delivered).not.toMatch(/India time|IST/);
    expect(await emailText(email, "is confirmed")).toContain(dollars);
    expect(await emailText(email, "Your refund of $25 ")).toContain("a refund of $25 for your order");

    const messages = await whatsappTexts(order);
    expect(messages.map((m) => m.template)).toEqual([
      "order_confirmed",
      "order_shipped",
      "order_delivered",
      "refund_sent",
    ]);
    expect(messages[0]!.text).toContain(`order #${order.id} of ${dollars}.`);
    expect(messages[2]!.text).toContain("within 48 hours, until Sun 13 Dec, 9:30 am GMT:");
    expect(messages[3]!.text).toContain("a refund of $25 for order");

    // The order's page carries the zone its times are shown in.
    const page = await app.inject({ url: `/api/orders/${order.id}?token=${order.viewToken}` });
    expect(page.json().data.time_zone).toBe("Europe/London");
  });

  it("summer in London is BST: the zone is named as it stands on the day", async () => {
    const { order, email } = await paidLondonOrder();
    await app.database.db.transaction((tx) =>
      queueShipmentNotice(tx, order, "shipped", { ...COURIER, at: new Date("2027-07-06T15:05:00Z") }),
    );
    expect(await emailText(email, "has shipped")).toContain("(sent Tue 6 Jul, 4:05 pm BST)");
  });

  it("New York, state NY, no browser zone: America/New_York; Los Angeles's browser zone is kept (the same country)", async () => {
    expect(await zoneOf(NEW_YORK)).toBe("America/New_York");
    expect(await zoneOf({ ...NEW_YORK, state: "CA", city: "San Francisco", pin_code: "94103" })).toBe(
      "America/Los_Angeles",
    );
    expect(await zoneOf(NEW_YORK, { time_zone: "America/Los_Angeles" })).toBe("America/Los_Angeles");
  });

  it("a zone of another country, or one nobody knows, is set aside: the address decides", async () => {
    expect(await zoneOf(NEW_YORK, { time_zone: "Europe/London" })).toBe("America/New_York");
    expect(await zoneOf(NEW_YORK, { time_zone: "Mars/Olympus_Mons" })).toBe("America/New_York");
    expect(await zoneOf(LONDON, { time_zone: "Asia/Kolkata" })).toBe("Europe/London");
  });

  it("a time_zone that is not a zone name at all is a 400 naming the field", async () => {
    for (const bad of ["<script>alert(1)</script>", "Europe/London; drop table", 42, "x".repeat(65)]) {
      const { res } = await orderTo(NEW_YORK, { time_zone: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        expect.objectContaining({
          path: "body.time_zone",
          message: "time_zone must be an IANA time zone name such as Europe/London",
        }),
      ]);
    }
  });

  it("a domestic order keeps India time, whatever the browser says", async () => {
    const cartId = await fillCart(app, [{ variant }], "INR");
    const amount = priceIn("INR", variant.offerCents) * 100;
    const email = uniqueEmail("domestic");
    const res = await createOrder(
      app,
      orderBody(cartId, "razorpay", "INR", amount, { time_zone: "Europe/London", email }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = await storedRow(res.json().data.order_id as number);
    expect(order.timeZone).toBe("Asia/Kolkata");
    await app.database.db.transaction((tx) =>
      queueShipmentNotice(tx, order, "delivered", { ...COURIER, at: new Date("2026-12-01T10:00:00Z") }),
    );
    expect(await emailText(email, "has been delivered")).toContain("until Thu 3 Dec, 3:30 pm IST, from");
  });
});
