import { formatMoney, type BlogListResponse, type ProductDetailResponse, type TopSellingResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateProduct } from "../modules/catalog/product-writes";
import { blogResource, testimonialResource } from "../modules/content/admin-resources";
import { createTestApp } from "../testing/test-app";

/**
 * The currency decided while rendering, and the cache of rendered pages (decision 044), through the
 * web app's sources (Vite mode, as ssr.test.ts). Requests come from 127.0.0.1 (no country): the CDN's
 * header stands for a shopper's country.
 */
let app: FastifyInstance;
let productId: number;
beforeAll(async () => {
  app = await createTestApp({ ssr: "vite", config: { cdnCountryHeader: "CF-IPCountry" } });
  const top = (
    await app.inject({ url: "/api/product/get-top-selling-product/?currency=INR" })
  ).json<TopSellingResponse>();
  productId = top.data.find((p) => p.is_active)!.id;
}, 120_000);
afterAll(() => app.close());

const FROM_INDIA = { "cf-ipcountry": "IN" };

async function detail(currency: "INR" | "USD") {
  const url = `/api/get-product-detail/?product_pk=${productId}&size=S&currency=${currency}`;
  return (await app.inject({ url })).json<ProductDetailResponse>().data;
}

const CHROME =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

function page(url: string, headers: Record<string, string> = {}) {
  return app.inject({ url, headers: { accept: "text/html", "user-agent": CHROME, ...headers } });
}

/** Prices marked as loading: the browser is to ask for the position (askLocation). */
const asksLocation = (html: string) => html.includes('aria-busy="true"');

/** The script-src sources of a page's policy. */
const scriptSrc = (res: Awaited<ReturnType<typeof page>>) =>
  String(res.headers["content-security-policy"])
    .split(";")
    .find((directive) => directive.trim().startsWith("script-src "))
    ?.trim()
    .split(" ")
    .slice(1) ?? [];

/** The text of every inline script (no src), exactly as written. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes ?? ""))
    .map(([, , text]) => text ?? "");

/** The first post the blog shows, as the back office sees it. */
async function publishedPost() {
  const [shown] = (await app.inject({ url: "/api/get-all-blogs/" })).json<BlogListResponse>().data;
  const post = await blogResource.find(app.database.db, shown!.id);
  return post!;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the currency of a first visit, decided while rendering", () => {
  it("is INR for a shopper in India: rupee prices and no dollar price, and the browser asks nothing", async () => {
    const [inr, usd] = await Promise.all([detail("INR"), detail("USD")]);
    const res = await page(`/product/${productId}`, FROM_INDIA);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(formatMoney(inr.offer_price, "INR"));
    expect(res.body).not.toContain(formatMoney(usd.offer_price, "USD"));
    expect(asksLocation(res.body)).toBe(false);
    // The server sets no cookie: the browser remembers the decision itself, so the page can be kept.
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("is USD while the browser asks for the position when the country is not India or unknown", async () => {
    const usd = await detail("USD");
    for (const headers of [{ "cf-ipcountry": "US" }, {}] as Record<string, string>[]) {
      const res = await page(`/product/${productId}`, headers);
      expect(res.body).toContain(formatMoney(usd.offer_price, "USD"));
      expect(asksLocation(res.body)).toBe(true);
    }
  });

  it("follows the remembered choice over the country", async () => {
    const usd = await detail("USD");
    const res = await page(`/product/${productId}`, { ...FROM_INDIA, cookie: "currency=USD" });
    expect(res.body).toContain(formatMoney(usd.offer_price, "USD"));
    expect(asksLocation(res.body)).toBe(false);
  });

  it("prices a client navigation's data the same way", async () => {
    const inr = await detail("INR");
    const res = await app.inject({ url: `/product/${productId}.data`, headers: FROM_INDIA });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"INR"`);
    expect(res.body).toContain(String(inr.offer_price));
  });
});

describe("the cache of rendered pages", () => {
  it("answers the second render of a page from the cache, its inline scripts allowed by their hashes", async () => {
    const url = `/product/${productId}?cache=nonce`;
    const first = await page(url, FROM_INDIA);
    const second = await page(url, FROM_INDIA);
    const third = await page(url, FROM_INDIA);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(third.headers["x-page-cache"]).toBe("hit");
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    expect(second.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(second.headers["x-page-cacheable"]).toBeUndefined();
    // The render has a fresh nonce; a kept answer names no nonce at all (the one in its HTML is spent)
    // but the hash of each of its inline scripts, and nothing else that is not our origin.
    expect(scriptSrc(first).filter((s) => s.startsWith("'nonce-"))).toHaveLength(1);
    const scripts = inlineScripts(second.body);
    expect(scripts.length).toBeGreaterThan(2);
    expect(new Set(scriptSrc(second))).toEqual(new Set(["'self'", ...scripts.map(sha256)]));
    expect(third.body).toBe(second.body);
    expect(third.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);
  });

  it("answers a kept page compressed once, in the encoding the browser takes best", async () => {
    const url = `/product/${productId}?cache=encoded`;
    const plain = await page(url, { ...FROM_INDIA, "accept-encoding": "identity" });
    // The copies are made in the thread pool after the page is kept.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const br = await page(url, { ...FROM_INDIA, "accept-encoding": "gzip, deflate, br" });
    const gz = await page(url, { ...FROM_INDIA, "accept-encoding": "gzip, br;q=0" });
    const none = await page(url, { ...FROM_INDIA, "accept-encoding": "identity" });
    expect([br, gz, none].map((r) => r.headers["x-page-cache"])).toEqual(["hit", "hit", "hit"]);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(none.body);
    expect(gunzipSync(gz.rawPayload).toString("utf8")).toBe(none.body);
    // The kept page is the render: same text but for the spent nonce.
    const nonce = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(none.body).toBe(plain.body.replaceAll(nonce(plain.body), nonce(none.body)));
    expect(br.rawPayload.length).toBeLessThan(none.rawPayload.length / 4);
  });

  it("never mixes a page in INR with one in USD", async () => {
    const [inr, usd] = await Promise.all([detail("INR"), detail("USD")]);
    const url = `/product/${productId}?cache=mix`;
    for (let round = 0; round < 2; round++) {
      const india = await page(url, { cookie: "currency=INR" });
      const abroad = await page(url, { cookie: "currency=USD" });
      const asking = await page(url, { "cf-ipcountry": "FR" });
      expect(india.body).toContain(formatMoney(inr.offer_price, "INR"));
      expect(india.body).not.toContain(formatMoney(usd.offer_price, "USD"));
      expect(abroad.body).toContain(formatMoney(usd.offer_price, "USD"));
      expect(abroad.body).not.toContain(formatMoney(inr.offer_price, "INR"));
      expect(asksLocation(abroad.body)).toBe(false);
      expect(asksLocation(asking.body)).toBe(true);
      if (round === 1) for (const res of [india, abroad, asking]) expect(res.headers["x-page-cache"]).toBe("hit");
    }
  });

  it("shows a price change and a withdrawal in the very next page", async () => {
    const url = `/product/${productId}?cache=change`;
    await page(url, FROM_INDIA);
    expect((await page(url, FROM_INDIA)).headers["x-page-cache"]).toBe("hit");

    const before = await detail("USD");
    const offer = before.mrp - 1;
    await app.database.db.transaction((tx) =>
      updateProduct(tx, productId, { size: "S", offer_price: offer, mrp: before.mrp }),
    );
    const inr = await detail("INR");
    const changed = await page(url, FROM_INDIA);
    expect(changed.headers["x-page-cache"]).toBe("miss");
    expect(changed.body).toContain(formatMoney(inr.offer_price, "INR"));

    await app.database.db.transaction((tx) => updateProduct(tx, productId, { is_active: false }));
    try {
      const withdrawn = await page(url, FROM_INDIA);
      expect(withdrawn.statusCode).toBe(404);
      expect((await page(url, FROM_INDIA)).headers["x-page-cache"]).toBeUndefined();
    } finally {
      await app.database.db.transaction((tx) =>
        updateProduct(tx, productId, { is_active: true, size: "S", offer_price: before.offer_price, mrp: before.mrp }),
      );
    }
  });

  it("shows a testimonial the seller edits on the home page at once", async () => {
    await page("/", FROM_INDIA);
    expect((await page("/", FROM_INDIA)).headers["x-page-cache"]).toBe("hit");
    const [first] = await testimonialResource.list(app.database.db);
    const message = `Edited at ${Date.now()}: the colours are even better in person.`;
    await app.database.db.transaction((tx) => testimonialResource.update(tx, first!.id, { message }, first!));
    testimonialResource.afterWrite?.();
    const home = await page("/", FROM_INDIA);
    expect(home.headers["x-page-cache"]).toBe("miss");
    expect(home.body).toContain(message);
  });

  it("keeps the blog, the content pages and the reviews, the same for every visitor", async () => {
    const post = await publishedPost();
    for (const url of [
      "/blog",
      `/blog/${post.id}`,
      "/contact-us",
      "/about-us",
      "/query",
      "/privacy",
      "/customer-reviews",
    ]) {
      expect((await page(url, FROM_INDIA)).statusCode, url).toBe(200);
      expect((await page(url, FROM_INDIA)).headers["x-page-cache"], url).toBe("hit");
    }
  });

  it("shows a blog post the seller edits, on the list and on the post, at once", async () => {
    const post = await publishedPost();
    for (const url of ["/blog", `/blog/${post.id}`]) await page(url, FROM_INDIA);
    const title = `Indigo notes ${Date.now()}`;
    await app.database.db.transaction((tx) => blogResource.update(tx, post.id, { title }, post));
    blogResource.afterWrite?.();
    for (const url of ["/blog", `/blog/${post.id}`]) {
      const res = await page(url, FROM_INDIA);
      expect(res.headers["x-page-cache"], url).toBe("miss");
      expect(res.body, url).toContain(title);
    }
  });

  it("keeps no page its route does not mark as the same for everyone, nor a page that is not found", async () => {
    for (const url of [
      "/search?q=kurta",
      "/account",
      "/blog/999999999",
      "/cart",
      "/product/999999999",
      "/no-such-page",
    ]) {
      await page(url, FROM_INDIA);
      expect((await page(url, FROM_INDIA)).headers["x-page-cache"], url).toBeUndefined();
    }
  });

  it("keeps crawlers' whole pages apart from shoppers' streamed ones", async () => {
    const url = `/product/${productId}?cache=bot`;
    await page(url, FROM_INDIA);
    const crawler = await page(url, { ...FROM_INDIA, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(crawler.headers["x-page-cache"]).toBe("miss");
  });
});
