import { and, count, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MESSAGES, SELLER } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../email/tables";
import { queuedHtml } from "../../email/test-support";
import { createTestApp } from "../../testing/test-app";
import { emailContact, setNotificationPreference } from "../accounts/notification-preferences";
import { nextClientAddress, newShopper, tokenHeader, uniqueEmail, verifiedShopper } from "../accounts/test-support";
import { newAdmin } from "../admin/test-support";
import { productVariants } from "../catalog/tables";
import { sendStockAlerts } from "./stock-alerts";
import { stockAlertAddresses, stockAlerts } from "./tables";
import { ownProduct, setStock } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await newAdmin(app)).headers;
});
afterAll(() => app.close());

/** From a fresh address each time, so the tight rate limit is met only by its own test. */
const subscribe = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/stock-alerts/", payload, headers, remoteAddress: nextClientAddress() });

async function alertsOn(productId: number, size?: string) {
  const variants = await app.database.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), size ? eq(productVariants.size, size) : undefined));
  const [row] = await app.database.db
    .select({ n: count() })
    .from(stockAlerts)
    .where(
      inArray(
        stockAlerts.variantId,
        variants.map((v) => v.id),
      ),
    );
  return row?.n ?? 0;
}

const CONFIRM_SUBJECT = `Please confirm your back-in-stock alerts at ${SELLER.brand}`;

/** The back-in-stock e-mails (not the confirmations) sent to `addresses`. */
async function mailTo(addresses: string[]) {
  return (await allMailTo(addresses)).filter((mail) => mail.subject !== CONFIRM_SUBJECT);
}

async function allMailTo(addresses: string[]) {
  const rows = await app.database.db
    .select({
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      letter: emailOutbox.letter,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.to, addresses))
    .orderBy(emailOutbox.to, emailOutbox.id);
  return Promise.all(rows.map(async ({ letter, ...row }) => ({ ...row, html: await queuedHtml({ ...row, letter }) })));
}

const confirmationsTo = async (email: string) =>
  (await allMailTo([email])).filter((mail) => mail.subject === CONFIRM_SUBJECT);

/** The token of the confirmation link e-mailed to `email`. */
async function confirmationToken(email: string): Promise<string> {
  const [mail] = await confirmationsTo(email);
  const token = /\/stock-alerts\/confirm\?token=([\w.-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link e-mailed to ${email}`);
  return token;
}

const checkLink = (token: string) =>
  app.inject({ url: `/api/stock-alerts/confirm?token=${encodeURIComponent(token)}` });
const confirmLink = (token: string) =>
  app.inject({ method: "POST", url: "/api/stock-alerts/confirm", payload: { token } });

/** A guest subscribes `email` to size S of `productId`, and confirms the address with the e-mailed link. */
async function confirmedSubscriber(productId: number, email = uniqueEmail("alert")) {
  expect((await subscribe({ product_pk: productId, size: "S", email })).statusCode).toBe(201);
  expect((await confirmLink(await confirmationToken(email))).statusCode).toBe(200);
  return email;
}

async function addressRows() {
  return app.database.db.select().from(stockAlertAddresses).orderBy(stockAlertAddresses.email);
}

describe("POST /api/stock-alerts/", () => {
  it("subscribes a guest (address lower-cased) once, asking to confirm the address; a verified account needs no link", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    const guest = uniqueEmail("guest");
    const first = await subscribe({ product_pk: product.id, size: "S", email: guest.toUpperCase() });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: `Thank you. If ${guest} is new to our alerts, please confirm it with the link we are e-mailing it; then we will write once when size S is back.`,
      email: guest,
      size: "S",
    });
    const twice = await subscribe({ product_pk: product.id, size: "S", email: guest });
    expect(twice.statusCode).toBe(200);
    const [confirmation, ...more] = await confirmationsTo(guest);
    expect(more).toEqual([]);
    expect(confirmation?.text).toContain(`${product.product_name} is back in size S`);
    expect(confirmation?.text).toContain("Confirm my alerts:");
    expect(confirmation?.text).toContain("{{opt_out_url}}");

    const verified = await verifiedShopper(app);
    const signedIn = await subscribe({ product_pk: product.id, size: "S" }, tokenHeader(verified.token));
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json()).toMatchObject({
      email: verified.email.toLowerCase(),
      message: `We will e-mail you at ${verified.email.toLowerCase()} when size S is back.`,
    });
    expect(await confirmationsTo(verified.email)).toEqual([]);

    // Signed in, but the account's address never proved: a link like a guest's.
    const unverified = await newShopper(app);
    expect((await subscribe({ product_pk: product.id, size: "S" }, tokenHeader(unverified.token))).statusCode).toBe(
      201,
    );
    expect(await confirmationsTo(unverified.email)).toHaveLength(1);
    expect(await alertsOn(product.id)).toBe(3);
  });

  it("e-mails a waiting address one confirmation a day however many pieces it asks for, and none once confirmed", async () => {
    const products = [
      await ownProduct(app, admin, { stockS: 0 }),
      await ownProduct(app, admin, { stockS: 0 }),
      await ownProduct(app, admin, { stockS: 0 }),
    ];
    const email = uniqueEmail("many");
    for (const product of products.slice(0, 2))
      expect((await subscribe({ product_pk: product.id, size: "S", email })).statusCode).toBe(201);
    expect(await confirmationsTo(email)).toHaveLength(1);
    expect((await confirmLink(await confirmationToken(email))).statusCode).toBe(200);
    expect((await subscribe({ product_pk: products[2]!.id, size: "S", email })).statusCode).toBe(201);
    expect(await confirmationsTo(email)).toHaveLength(1);
  });

  it("sends no confirmation to an address that turned e-mail off", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    const email = uniqueEmail("opted-out");
    await setNotificationPreference(app.database.db, "email", emailContact(email), false);
    expect((await subscribe({ product_pk: product.id, size: "S", email })).statusCode).toBe(201);
    expect(await allMailTo([email])).toEqual([]);
    expect((await addressRows()).map((row) => row.email)).not.toContain(email);
  });

  it("refuses an unknown or withdrawn product, a size not offered, a size in stock and a bad address, storing nothing", async () => {
    const product = await ownProduct(app, admin, { stockS: 0, stockM: 2 });
    const withdrawn = await ownProduct(app, admin, { stockS: 0 });
    await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${withdrawn.id}`,
      headers: admin,
      payload: { is_active: false },
    });
    const email = uniqueEmail("guest");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ product_pk: 2_000_000_000, size: "S", email }, 404, "Product not found"],
      [{ product_pk: withdrawn.id, size: "S", email }, 404, "Product not found"],
      [{ product_pk: product.id, size: "XL", email }, 404, "This product is not available in size XL"],
      [{ product_pk: product.id, size: "M", email }, 409, "This size is in stock: you can order it now"],
      [{ product_pk: product.id, size: "S", email: "not an address" }, 400, "email is not a valid e-mail address"],
      [{ product_pk: product.id, size: "S" }, 400, "email is required"],
      [{ product_pk: product.id, size: "Huge", email }, 400, "size must be one of S, M, L, XL, ONE"],
    ];
    for (const [payload, status, message] of cases) {
      const res = await subscribe(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect(await alertsOn(product.id)).toBe(0);
    expect(await alertsOn(withdrawn.id)).toBe(0);
    expect(await allMailTo([email])).toEqual([]);
  });

  it("is rate-limited per address like the contact form", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    const from = "10.77.0.1";
    const send = () =>
      app.inject({
        method: "POST",
        url: "/api/stock-alerts/",
        payload: { product_pk: product.id, size: "S", email: uniqueEmail("burst") },
        remoteAddress: from,
      });
    for (let i = 0; i < app.config.contactRateLimitMax; i++) expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(429);
    expect(await alertsOn(product.id)).toBe(app.config.contactRateLimitMax);
  });
});

describe("the confirmation link", () => {
  it("says what it confirms, confirms the address once, and refuses a forged, altered or expired link (404), changing nothing", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    const email = uniqueEmail("link");
    expect((await subscribe({ product_pk: product.id, size: "S", email })).statusCode).toBe(201);
    const token = await confirmationToken(email);
    const masked = `${email.slice(0, 1)}•••@example.in`;

    const before = await addressRows();
    const [payload, mac] = token.split(".");
    const forged = [
      `${payload}.${mac!.slice(0, -2)}xx`,
      `${Buffer.from(`other@example.in\n9999999999`).toString("base64url")}.${mac}`,
      "made-up",
      "a.b.c",
    ];
    for (const bad of forged) {
      for (const res of [await checkLink(bad), await confirmLink(bad)]) {
        expect(res.statusCode, bad).toBe(404);
        expect(res.json()).toEqual({ message: MESSAGES.linkNotValid, code: "LINK_NOT_VALID", errors: [] });
      }
    }
    expect((await confirmLink("")).statusCode).toBe(400);
    expect(await addressRows()).toEqual(before);

    expect((await checkLink(token)).json()).toEqual({ email: masked, alerts: 1, confirmed: false });
    const confirmed = await confirmLink(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: masked, alerts: 1, confirmed: true });
    expect((await confirmLink(token)).json()).toEqual({ email: masked, alerts: 1, confirmed: true });

    // After its days, the same link is refused.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + app.config.abuse.stockAlerts.pendingMs + 60_000);
      expect((await checkLink(token)).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the back-in-stock sweep", () => {
  it("e-mails each confirmed subscriber once when the seller restocks, ends the subscriptions, and leaves sizes still sold out alone", async () => {
    const product = await ownProduct(app, admin, { stockS: 0, stockM: 0 });
    const [a, b, waiting] = [uniqueEmail("alert"), uniqueEmail("alert"), uniqueEmail("alert")];
    for (const email of [a, b]) await confirmedSubscriber(product.id, email);
    expect((await subscribe({ product_pk: product.id, size: "M", email: waiting })).statusCode).toBe(201);

    // Nothing is back yet.
    await sendStockAlerts(app.database.db);
    expect(await mailTo([a, b, waiting])).toEqual([]);

    expect((await setStock(app, admin, product.id, "S", 5)).statusCode).toBe(200);
    expect(await sendStockAlerts(app.database.db)).toBeGreaterThanOrEqual(2);
    const sent = await mailTo([a, b, waiting]);
    expect(sent.map((mail) => mail.to)).toEqual([a, b].sort());
    for (const mail of sent) {
      expect(mail.subject).toBe(`${product.product_name} is back in size S at ${SELLER.brand}`);
      expect(mail.text).toContain(`/product/${product.id}?size=S`);
      expect(mail.html).toContain(product.product_name);
    }
    expect(await alertsOn(product.id, "S")).toBe(0);
    expect(await alertsOn(product.id, "M")).toBe(1);

    // A second sweep and a second restock cycle send nothing more.
    await sendStockAlerts(app.database.db);
    await setStock(app, admin, product.id, "S", 0);
    await setStock(app, admin, product.id, "S", 3);
    await sendStockAlerts(app.database.db);
    expect(await mailTo([a, b, waiting])).toHaveLength(2);
  });

  it("sends nothing to an address not confirmed, until it is", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    const email = uniqueEmail("unconfirmed");
    expect((await subscribe({ product_pk: product.id, size: "S", email })).statusCode).toBe(201);
    expect((await setStock(app, admin, product.id, "S", 4)).statusCode).toBe(200);
    await sendStockAlerts(app.database.db);
    expect(await mailTo([email])).toEqual([]);
    expect(await alertsOn(product.id)).toBe(1);

    expect((await confirmLink(await confirmationToken(email))).statusCode).toBe(200);
    await sendStockAlerts(app.database.db);
    expect(await mailTo([email])).toHaveLength(1);
    expect(await alertsOn(product.id)).toBe(0);
  });

  it("forgets alerts never confirmed after the link's days, keeping confirmed ones", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    const confirmed = await confirmedSubscriber(product.id);
    const pending = uniqueEmail("pending");
    expect((await subscribe({ product_pk: product.id, size: "S", email: pending })).statusCode).toBe(201);
    const { pendingMs } = app.config.abuse.stockAlerts;
    await app.services.stockAlerts.deleteUnconfirmed(new Date(Date.now() + pendingMs - 60_000));
    expect(await alertsOn(product.id)).toBe(2);
    expect(await app.services.stockAlerts.deleteUnconfirmed(new Date(Date.now() + pendingMs + 60_000))).toBeGreaterThan(
      0,
    );
    expect(await alertsOn(product.id)).toBe(1);
    const addresses = (await addressRows()).map((row) => row.email);
    expect(addresses).toContain(confirmed);
    expect(addresses).not.toContain(pending);
  });

  it("waits while the product is withdrawn, whatever its stock", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    await confirmedSubscriber(product.id);
    await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${product.id}`,
      headers: admin,
      payload: { is_active: false, sizes: [{ size: "S", quantity: 4 }] },
    });
    await sendStockAlerts(app.database.db);
    expect(await alertsOn(product.id)).toBe(1);
  });
});
