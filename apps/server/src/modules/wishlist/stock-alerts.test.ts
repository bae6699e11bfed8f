import { and, count, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SELLER } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../email/tables";
import { createTestApp } from "../../testing/test-app";
import { nextClientAddress, newShopper, tokenHeader, uniqueEmail } from "../accounts/test-support";
import { newAdmin } from "../admin/test-support";
import { productVariants } from "../catalog/tables";
import { sendStockAlerts } from "./stock-alerts";
import { stockAlerts } from "./tables";
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

async function mailTo(addresses: string[]) {
  return app.database.db
    .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(inArray(emailOutbox.to, addresses))
    .orderBy(emailOutbox.to, emailOutbox.id);
}

describe("POST /api/stock-alerts/", () => {
  it("subscribes a guest (address lower-cased) once, and a signed-in shopper with the account's address", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    const guest = uniqueEmail("guest");
    const first = await subscribe({ product_pk: product.id, size: "S", email: guest.toUpperCase() });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: `We will e-mail you at ${guest} when size S is back.`,
      email: guest,
      size: "S",
    });
    const twice = await subscribe({ product_pk: product.id, size: "S", email: guest });
    expect(twice.statusCode).toBe(200);

    const shopper = await newShopper(app);
    const signedIn = await subscribe({ product_pk: product.id, size: "S" }, tokenHeader(shopper.token));
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json().email).toBe(shopper.email.toLowerCase());
    expect(await alertsOn(product.id)).toBe(2);
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

describe("the back-in-stock sweep", () => {
  it("e-mails each subscriber once when the seller restocks, ends the subscriptions, and leaves sizes still sold out alone", async () => {
    const product = await ownProduct(app, admin, { stockS: 0, stockM: 0 });
    const [a, b, waiting] = [uniqueEmail("alert"), uniqueEmail("alert"), uniqueEmail("alert")];
    for (const email of [a, b])
      expect((await subscribe({ product_pk: product.id, size: "S", email })).statusCode).toBe(201);
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

  it("waits while the product is withdrawn, whatever its stock", async () => {
    const product = await ownProduct(app, admin, { stockS: 0 });
    const email = uniqueEmail("alert");
    expect((await subscribe({ product_pk: product.id, size: "S", email })).statusCode).toBe(201);
    await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${product.id}`,
      headers: admin,
      payload: { is_active: false, sizes: [{ size: "S", quantity: 4 }] },
    });
    await sendStockAlerts(app.database.db);
    expect(await mailTo([email])).toEqual([]);
    expect(await alertsOn(product.id)).toBe(1);
  });
});
