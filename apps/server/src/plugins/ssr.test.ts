import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { CART_COOKIE, formatMoney, MESSAGES, priceIn, SESSION_HINT_COOKIE, type CartResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newShopper, tokenHeader } from "../modules/accounts/test-support";
import { carts } from "../modules/cart/tables";
import { addBody, pickVariant, type PickedVariant } from "../modules/cart/test-support";
import { createTestApp } from "../testing/test-app";

/**
 * Pages rendered through React Router, from the web app's sources (the Vite mode of `npm run dev`, so no
 * build is needed and the sources under test are the current ones).
 */
type LogLine = {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url?: string };
  err?: { message?: string };
  url?: string;
};
const lines: LogLine[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
const PINO_ERROR = 50;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ ssr: "vite", logStream, config: { logLevel: "info" } });
}, 120_000);
afterAll(() => app.close());

describe("a page whose loader fails on the server", () => {
  it("is logged through the server's logger with the request id, never the console", async () => {
    const consoleError = vi.spyOn(console, "error");
    // A real fault: the blog table is gone from under the running store.
    await app.database.db.execute(sql`alter table blogs rename to blogs_gone`);
    try {
      const res = await app.inject({ url: "/blog" });
      expect(res.statusCode).toBe(500);
      // The page keeps its layout and says what went wrong, in its own words.
      expect(res.body).toContain(MESSAGES.blogListFailed);
      expect(res.body).toContain('aria-label="Main"');

      const incoming = lines.find((line) => line.msg === "incoming request" && line.req?.url === "/blog");
      expect(incoming?.reqId).toBeDefined();
      const failure = lines.find((line) => line.level === PINO_ERROR && line.reqId === incoming?.reqId);
      expect(failure).toMatchObject({ msg: "page failed", url: expect.stringContaining("/blog") });
      expect(failure?.err?.message).toMatch(/blogs/);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      await app.database.db.execute(sql`alter table blogs_gone rename to blogs`);
      consoleError.mockRestore();
    }
  });
});

/** The script-src directive of a Content-Security-Policy header. */
function scriptSrc(policy: string | string[] | number | undefined): string {
  return String(policy)
    .split(";")
    .find((directive) => directive.startsWith("script-src "))!;
}

describe("a page's Content-Security-Policy", () => {
  it("allows its inline scripts by a nonce of its own, never 'unsafe-inline'", async () => {
    const [first, second] = await Promise.all([app.inject({ url: "/blog" }), app.inject({ url: "/blog" })]);
    const nonce = /^script-src 'self' 'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(
      scriptSrc(first!.headers["content-security-policy"]),
    )?.[1];
    expect(nonce).toBeDefined();
    expect(scriptSrc(second!.headers["content-security-policy"])).not.toContain(nonce);

    const scripts = first!.body.match(/<script\b[^>]*>/g) ?? [];
    const inline = scripts.filter((tag) => !tag.includes(" src=") && !tag.includes("application/ld+json"));
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("keeps the page out of shared caches, since its nonce is good for one answer only", async () => {
    const res = await app.inject({ url: "/about-us" });
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it("leaves the API's policy as it is: the same on every answer, with no nonce", async () => {
    const [a, b] = await Promise.all([
      app.inject({ url: "/api/get-all-blogs/" }),
      app.inject({ url: "/api/get-all-blogs/" }),
    ]);
    expect(scriptSrc(a!.headers["content-security-policy"])).toBe("script-src 'self'");
    expect(b!.headers["content-security-policy"]).toBe(a!.headers["content-security-policy"]);
  });
});

describe("the cart page, rendered from the cart cookie (decision 057)", () => {
  const SKELETON = 'aria-label="Loading your cart"';
  const EMPTY = "Your cart is empty";
  const cartPage = (cookie?: string) => app.inject({ url: "/cart", headers: cookie ? { cookie } : {} });
  const newGuestCart = async (variant: PickedVariant) =>
    (await app.inject({ method: "POST", url: "/api/cart-items/", payload: addBody(variant) })).json<CartResponse>();
  const countCarts = async () => (await app.database.db.select({ id: carts.id }).from(carts)).length;

  it("shows an empty cart at once to a browser that keeps none", async () => {
    const res = await cartPage("currency=INR");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(EMPTY);
    expect(res.body).not.toContain(SKELETON);
  });

  it("shows a guest's lines, priced in the request's currency", async () => {
    const variant = await pickVariant(app, { minStock: 2 });
    const cart = await newGuestCart(variant);
    const res = await cartPage(`currency=INR; ${CART_COOKIE}=${cart.cart_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(variant.name);
    expect(res.body).toContain(formatMoney(priceIn("INR", variant.offerCents), "INR"));
    expect(res.body).not.toContain(SKELETON);
    expect(res.body).not.toContain(EMPTY);
  });

  it("leaves a signed-in shopper's cart, and any cart it cannot read, to the browser: the skeleton", async () => {
    const variant = await pickVariant(app, { minStock: 2 });
    const shopper = await newShopper(app);
    const owned = (
      await app.inject({
        method: "POST",
        url: "/api/cart-items/",
        payload: addBody(variant),
        headers: tokenHeader(shopper.token),
      })
    ).json<CartResponse>();
    const guest = await newGuestCart(variant);
    const before = await countCarts();
    for (const cookie of [
      `${CART_COOKIE}=${owned.cart_id}`,
      `${SESSION_HINT_COOKIE}=1; ${CART_COOKIE}=${guest.cart_id}`,
      `${CART_COOKIE}=8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01`,
      `${CART_COOKIE}=not-a-cart`,
      `${CART_COOKIE}=%E0%A4%A; currency=XYZ`,
    ]) {
      const res = await cartPage(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toContain(SKELETON);
      expect(res.body, cookie).not.toContain(variant.name);
    }
    expect(await countCarts()).toBe(before);
    expect(lines.filter((line) => line.level === PINO_ERROR && line.msg.startsWith("Cart for"))).toEqual([]);
  });

  it("keeps its layout when the cart cannot be read, and logs why", async () => {
    const cart = await newGuestCart(await pickVariant(app, { minStock: 2 }));
    await app.database.db.execute(sql`alter table cart_lines rename to cart_lines_gone`);
    try {
      const res = await cartPage(`${CART_COOKIE}=${cart.cart_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(SKELETON);
      expect(res.body).toContain('aria-label="Main"');
      const failure = lines.find((line) => line.level === PINO_ERROR && line.msg === "Cart for the first paint failed");
      expect(failure?.err?.message).toMatch(/cart_lines/);
    } finally {
      await app.database.db.execute(sql`alter table cart_lines_gone rename to cart_lines`);
    }
  });
});
