import { and, count, eq, ilike } from "drizzle-orm";
import { PAGE_SIZE, priceIn, type ProductListItem, type SearchResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "../../schema";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;

async function search(query: string | undefined, extra = "") {
  const qs = query === undefined ? extra : `query=${encodeURIComponent(query)}${extra}`;
  const res = await app.inject(`/api/search?${qs}`);
  return { status: res.statusCode, body: res.json() as SearchResponse };
}

/** Active products whose name contains `fragment`, from the database. */
async function activeNamed(fragment: string) {
  return db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.isActive, true), ilike(products.name, `%${fragment}%`)));
}

/** The names of the first `n` results are exactly the products whose names contain `fragment`. */
async function expectLeadingMatches(query: string, fragment: string) {
  const expected = await activeNamed(fragment);
  expect(expected.length).toBeGreaterThan(1);
  const { status, body } = await search(query, "&page_size=48");
  expect(status).toBe(200);
  const leading = body.data.slice(0, expected.length);
  expect(leading.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.map((p) => p.id).sort((a, b) => a - b));
  return body;
}

describe("GET /api/search", () => {
  it("finds the Kaftan products first for the typo 'kaftn'", async () => {
    const body = await expectLeadingMatches("kaftn", "kaftan");
    expect(body.data[0]?.product_name).toMatch(/Kaftan/);
  });

  it("finds the Cushion Cover products first for the typo 'cushon cover'", async () => {
    const body = await expectLeadingMatches("cushon cover", "cushion cover");
    expect(body.data[0]?.product_name).toMatch(/Cushion Cover/);
  });

  it("finds a product from a typo in one word of a longer query", async () => {
    const { body } = await search("indigo kaftn");
    expect(body.data[0]?.product_name).toMatch(/Indigo.*Kaftan/);
  });

  it("ranks products named 'block print' above those that only mention it", async () => {
    const named = await activeNamed("block print");
    const { body } = await search("block print", "&page_size=48");
    expect(body.total).toBeGreaterThan(named.length);
    const leading = body.data.slice(0, named.length).map((p) => p.product_name);
    expect(leading.filter((name) => /block print/i.test(name)).length).toBeGreaterThanOrEqual(
      Math.floor(named.length * 0.8),
    );
    expect(body.data[0]?.product_name).toMatch(/Block Print/);
  });

  it("finds words by their stem and in the category, such as 'rugs'", async () => {
    const { body } = await search("rugs");
    expect(body.total).toBeGreaterThan(0);
    expect(body.data[0]?.product_name).toMatch(/Rug/);
  });

  it("falls back to any of the words when no product has them all", async () => {
    // The word "dress", not "Sundress": full text matches words, and products named with one come first.
    const isDress = /\bdress\b/i;
    const named = (await activeNamed("dress")).filter((p) => isDress.test(p.name));
    const { body } = await search("zzqxjv dress", "&page_size=48");
    expect(body.total).toBeGreaterThan(named.length);
    expect(body.data.slice(0, named.length).every((p) => isDress.test(p.product_name))).toBe(true);
  });

  it("never answers an inactive product", async () => {
    const [inactive] = await db().select().from(products).where(eq(products.isActive, false)).limit(1);
    expect(inactive).toBeDefined();
    const { body } = await search(inactive?.name ?? "", "&page_size=48");
    expect(body.data.map((p) => p.id)).not.toContain(inactive?.id);
    expect(body.data.every((p) => p.is_active)).toBe(true);
  });

  it("answers cards with the spec's fields, priced at size S in the asked currency", async () => {
    const { body } = await search("kaftan", "&currency=INR");
    expect(body).toMatchObject({ page: 1, page_size: PAGE_SIZE, currency: "INR" });
    const first = body.data[0] as ProductListItem;
    const [s] = await db()
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, first.id), eq(productVariants.size, "S")));
    expect(first).toMatchObject({
      id: expect.any(Number),
      product_name: expect.any(String),
      main_image: expect.stringMatching(/^\/media\//),
      rating: expect.any(Number),
      offer_price: priceIn("INR", s?.offerPriceCents ?? -1),
      mrp: priceIn("INR", s?.mrpCents ?? -1),
      currency: "INR",
    });
  });

  it("pages through results: page 2 differs, the total stays, past the end is empty", async () => {
    const one = await search("cotton", "&page_size=5");
    const two = await search("cotton", "&page=2&page_size=5");
    expect(one.body.total).toBeGreaterThan(10);
    expect(two.body.total).toBe(one.body.total);
    const firstIds = new Set(one.body.data.map((p) => p.id));
    expect(two.body.data).toHaveLength(5);
    expect(two.body.data.some((p) => firstIds.has(p.id))).toBe(false);
    const past = await search("cotton", "&page=1000&page_size=5");
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], total: one.body.total });
  });

  it("pages through the named products, then the rest, never repeating or skipping one", async () => {
    const { body: all } = await search("dress", "&page_size=48");
    expect(all.total).toBe(all.data.length);
    expect(all.data[0]?.product_name).toMatch(/\bdress\b/i);
    expect(all.data.at(-1)?.product_name).not.toMatch(/\bdress\b/i);
    const paged: number[] = [];
    for (let page = 1; (page - 1) * 3 < all.total; page++) {
      const { body } = await search("dress", `&page=${page}&page_size=3`);
      expect(body).toMatchObject({ total: all.total, total_is_capped: false });
      paged.push(...body.data.map((p) => p.id));
    }
    expect(paged).toEqual(all.data.map((p) => p.id));
  });

  it.each(["zzqxjv", "qwrtypsdfg", "🙂🙂🙂"])("answers nonsense (%s) with an empty list", async (query) => {
    const { status, body } = await search(query);
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: [], total: 0 });
  });

  it.each(["", "   ", "\t\n"])("answers a blank query (%j) with an empty list", async (query) => {
    const { status, body } = await search(query);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [],
      total: 0,
      total_is_capped: false,
      page: 1,
      page_size: PAGE_SIZE,
      currency: "USD",
    });
  });

  it.each([
    "'; drop table products; --",
    "%_\\",
    "a:*|!&",
    '"unbalanced',
    "(((",
    "kaftan' OR '1'='1",
    "nul\u0000byte",
    "-",
    "!",
    "or",
    "<script>alert(1)</script>",
    "x".repeat(200),
  ])("treats SQL-looking or odd text (%j) as plain words, never a 500", async (query) => {
    const { status, body } = await search(query);
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
    const [row] = await db().select({ n: count() }).from(products);
    expect(row?.n).toBeGreaterThan(100);
  });

  it("answers a missing query with 400", async () => {
    const { status, body } = await search(undefined);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [expect.objectContaining({ path: "querystring.query" })],
    });
  });

  it.each([
    ["a query over 200 characters", `query=${"a".repeat(201)}`],
    ["a page of 0", "query=rug&page=0"],
    ["a page that is not a number", "query=rug&page=abc"],
    ["a huge page size", "query=rug&page_size=999999"],
    ["an unknown currency", "query=rug&currency=EUR"],
    ["a query given twice", "query=rug&query=mat"],
  ])("answers %s with 400 and the error body", async (_label, qs) => {
    const res = await app.inject(`/api/search?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expect.any(String),
      code: "VALIDATION_FAILED",
      errors: expect.any(Array),
    });
  });

  it("accepts the path with a trailing slash", async () => {
    expect((await app.inject("/api/search/?query=rug")).statusCode).toBe(200);
  });
});
