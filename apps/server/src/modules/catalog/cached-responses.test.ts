import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CATALOGUE_CACHE_CONTROL } from "../../http/cached-json";
import { createTestApp } from "../../testing/test-app";
import { markCatalogStale } from "./cache";
import { productVariants } from "./tables";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ROUTES = [
  "/api/get-all-category-list/",
  "/api/get-all-products/?category_pk=1&page=1",
  "/api/get-product-detail/?product_pk=1&size=S",
  "/api/product/get-top-selling-product/",
  "/api/product/product-category/",
];

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

describe("catalogue answers, serialised and compressed once", () => {
  it.each(ROUTES)("%s: the same JSON in every coding, each with its own strong ETag", async (url) => {
    const plain = await get(url, { "accept-encoding": "identity" });
    const gzip = await get(url, { "accept-encoding": "gzip, deflate" });
    const br = await get(url, { "accept-encoding": "gzip, deflate, br" });
    for (const res of [plain, gzip, br]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        "content-type": "application/json; charset=utf-8",
        vary: "Accept-Encoding",
        "cache-control": CATALOGUE_CACHE_CONTROL,
      });
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      // helmet's headers are still set on these routes.
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const json = plain.json();
    // Small answers are not worth compressing (below 1 KB, as @fastify/compress decides).
    if (plain.rawPayload.length < 1024) {
      expect(gzip.headers["content-encoding"]).toBeUndefined();
      expect(gzip.headers.etag).toBe(plain.headers.etag);
      return;
    }
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    // Compressed exactly once: one decompression gives the JSON back.
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
    expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3);
  });

  it("answers a matching If-None-Match with an empty 304 carrying the ETag", async () => {
    const url = ROUTES[1]!;
    const first = await get(url, { "accept-encoding": "gzip" });
    const etag = first.headers.etag as string;
    const again = await get(url, { "accept-encoding": "gzip", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers).toMatchObject({ etag, vary: "Accept-Encoding", "cache-control": CATALOGUE_CACHE_CONTROL });
    // The ETag names one coding: a client holding the gzip copy that now asks for brotli gets the body.
    expect((await get(url, { "accept-encoding": "br", "if-none-match": etag })).statusCode).toBe(200);
  });

  it("keeps the ETag while the data is the same and changes it when a query answers differently", async () => {
    const a = await get(ROUTES[1]!);
    const b = await get(ROUTES[1]!);
    const inr = await get(`${ROUTES[1]!}&currency=INR`);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(inr.headers.etag).not.toBe(a.headers.etag);
  });

  it("still answers errors as errors, uncached and without an ETag", async () => {
    const res = await get("/api/get-product-detail/?product_pk=999999&size=S", { "accept-encoding": "gzip" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Product not found", code: "NOT_FOUND", errors: [] });
    expect(res.headers.etag).toBeUndefined();
    expect((await get("/api/get-all-products/?category_pk=abc")).statusCode).toBe(400);
  });

  it("keeps every catalogue route's response schema in the OpenAPI document", async () => {
    const doc = (await get("/api/docs/json")).json();
    for (const url of ROUTES) {
      const path = url.split("?")[0]!;
      expect(doc.paths[path]?.get?.responses?.["200"]?.content?.["application/json"]?.schema, path).toBeDefined();
    }
  });
});

describe("catalogue answers kept by URL (decision 111)", () => {
  const LISTING = "/api/get-all-products/?category_pk=1&page=1&currency=INR";

  it("counts a kept answer against the caller's rate limit", async () => {
    const limited = await createTestApp({ config: { rateLimitMax: 3 } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.inject(LISTING)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it("answers again with the rows as they are once the catalogue changed", async () => {
    const before = (await get(LISTING)).json();
    const card = before.data[0];
    expect((await get(LISTING)).json()).toEqual(before);
    // Written by hand, as another process or replica would: only the announcement tells this one.
    await app.database.db
      .update(productVariants)
      .set({ offerPriceCents: 123_456 })
      .where(eq(productVariants.productId, card.id));
    markCatalogStale();
    const after = (await get(LISTING)).json();
    expect(after.data[0].id).toBe(card.id);
    expect(after.data[0].offer_price).not.toBe(card.offer_price);
  });
});
