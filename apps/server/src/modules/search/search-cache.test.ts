import { eq } from "drizzle-orm";
import type { ProductListItem, SearchResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newAdmin } from "../admin/test-support";
import { invalidateCatalogCache } from "../catalog/cache";
import { products } from "../catalog/tables";
import { createTestApp } from "../../testing/test-app";

/**
 * Search answers are cached with the catalogue (decision 042). Each test first searches (so the answer is
 * cached), then changes the catalogue through the back office, then searches again: the change must show
 * at once.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await newAdmin(app)).headers;
});
afterAll(() => app.close());

async function search(query: string, extra = "") {
  const res = await app.inject(`/api/search?query=${encodeURIComponent(query)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}

const patch = async (id: number, payload: unknown) => {
  const res = await call(app, admin, "PATCH", `/api/admin/products/${id}`, payload);
  expect(res.statusCode, res.body).toBe(200);
};

/** The first Kaftan a search finds: the product the test changes. */
async function aKaftan(): Promise<ProductListItem> {
  const [first] = (await search("kaftan")).data;
  if (!first) throw new Error("no kaftan in the demo catalogue");
  return first;
}

describe("cached search answers", () => {
  it("are served from the cache: a write that does not announce itself is not seen until it does", async () => {
    const before = await aKaftan();
    expect((await search("xylocarp")).data).toEqual([]);
    // Plain SQL, as no writer in the app does: only the announcement empties the cache.
    await app.database.db.update(products).set({ name: "Xylocarp Quietude Runner" }).where(eq(products.id, before.id));
    expect(await aKaftan()).toEqual(before);
    expect((await search("xylocarp")).data).toEqual([]);
    invalidateCatalogCache();
    expect((await search("xylocarp")).data.map((p) => p.id)).toEqual([before.id]);
    await app.database.db.update(products).set({ name: before.product_name }).where(eq(products.id, before.id));
    invalidateCatalogCache();
  });

  it("are one answer for the same words in any case or spacing, with an ETag and a 304 for it", async () => {
    const first = await app.inject("/api/search?query=indigo%20kaftan");
    const again = await app.inject("/api/search?query=%20Indigo%20%20KAFTAN%20");
    expect(again.json()).toEqual(first.json());
    expect(again.headers.etag).toBe(first.headers.etag);
    const unchanged = await app.inject({
      url: "/api/search?query=indigo%20kaftan",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it("differ by page, page size and currency", async () => {
    const usd = await search("cotton", "&page_size=5");
    const inr = await search("cotton", "&page_size=5&currency=INR");
    const two = await search("cotton", "&page=2&page_size=5");
    expect(inr.currency).toBe("INR");
    expect(inr.data.map((p) => p.id)).toEqual(usd.data.map((p) => p.id));
    expect(inr.data[0]?.offer_price).not.toBe(usd.data[0]?.offer_price);
    expect(two.data.map((p) => p.id)).not.toEqual(usd.data.map((p) => p.id));
    expect((await search("cotton")).data).toHaveLength(12);
  });

  it("show a renamed product under its new name at once, and no longer under the old one", async () => {
    const kaftan = await aKaftan();
    expect((await search("zephyrine")).data).toEqual([]);
    expect((await search("zephyrime")).data).toEqual([]);
    await patch(kaftan.id, { product_name: "Zephyrine Mirrorwork Tunic" });
    expect((await search("zephyrine")).data.map((p) => p.product_name)).toEqual(["Zephyrine Mirrorwork Tunic"]);
    // Its description still says kaftan: it is found after the products named with the word.
    const found = (await search("kaftan", "&page_size=48")).data;
    const at = found.findIndex((p) => p.id === kaftan.id);
    expect(found[at]?.product_name).toBe("Zephyrine Mirrorwork Tunic");
    expect(found.slice(at).some((p) => /kaftan/i.test(p.product_name))).toBe(false);
    // The typo dictionary follows the names too: "zephyrime" is corrected to the new word.
    expect((await search("zephyrime")).data[0]?.id).toBe(kaftan.id);
  });

  it("show a new price at once", async () => {
    const kaftan = await aKaftan();
    const newPrice = kaftan.offer_price > 1 ? 1 : 2;
    await patch(kaftan.id, { size: "S", offer_price: newPrice });
    const after = (await search("kaftan")).data.find((p) => p.id === kaftan.id);
    expect(after?.offer_price).toBe(newPrice);
  });

  it("drop a withdrawn product at once, and show it again when it is back", async () => {
    const kaftan = await aKaftan();
    expect((await search("kaftan", "&page_size=48")).data.map((p) => p.id)).toContain(kaftan.id);
    await patch(kaftan.id, { is_active: false });
    expect((await search("kaftan", "&page_size=48")).data.map((p) => p.id)).not.toContain(kaftan.id);
    await patch(kaftan.id, { is_active: true });
    expect((await search("kaftan", "&page_size=48")).data.map((p) => p.id)).toContain(kaftan.id);
  });

  it("still answer bad input with 400, never from the cache", async () => {
    for (const qs of ["query=rug&page=0", "query=rug&currency=EUR", `query=${"a".repeat(201)}`]) {
      const res = await app.inject(`/api/search?${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });
});
