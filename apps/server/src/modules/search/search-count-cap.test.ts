import type { SearchResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "../../schema";
import { createTestApp } from "../../testing/test-app";
import { COUNT_CAP } from "./matches";

let app: FastifyInstance;
const STOLES = COUNT_CAP + 5;

/**
 * Plain INSERTs, as the seed and the benchmark seeder write: over the cap of stoles named "Mashru" and
 * described as satin, then (newer) a few dupattas named "Satin" and described as mashru.
 */
async function insertMashru() {
  const db = app.database.db;
  const rows = [
    ...Array.from({ length: STOLES }, (_, i) => ({
      name: `Mashru Silk Stole ${i + 1}`,
      description: "Satin weave: silk on a cotton back.",
    })),
    ...Array.from({ length: 3 }, (_, i) => ({
      name: `Satin Striped Dupatta ${i + 1}`,
      description: "Woven in mashru, silk on a cotton back.",
    })),
    { name: "Mashru Silk Stole Boxed", description: "Satin weave: silk on a cotton back, in a gift box." },
  ];
  const saved = await db
    .insert(products)
    .values(rows.map((r, i) => ({ ...r, productCode: 800_000 + i, categoryId: 1 })))
    .returning({ id: products.id });
  await db
    .insert(productVariants)
    .values(saved.map((p) => ({ productId: p.id, size: "S", offerPriceCents: 4900, mrpCents: 7900, stock: 5 })));
}

beforeAll(async () => {
  app = await createTestApp();
  await insertMashru();
});
afterAll(() => app.close());

async function search(query: string, extra = "") {
  const res = await app.inject(`/api/search?query=${encodeURIComponent(query)}${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
}

describe("GET /api/search past the count cap", () => {
  it(`stops counting at ${COUNT_CAP} and says so`, async () => {
    expect(await search("mashru")).toMatchObject({ total: COUNT_CAP, total_is_capped: true });
  });

  it("counts exactly below the cap", async () => {
    expect(await search("mashru dupatta")).toMatchObject({ total: 3, total_is_capped: false });
  });

  it("lists products named with the word before newer ones that only describe it", async () => {
    const body = await search("mashru", "&page_size=48");
    expect(body.data).toHaveLength(48);
    expect(body.data.every((p) => p.product_name.startsWith("Mashru"))).toBe(true);
  });

  it("pages through a few named products, then the plentiful rest, never repeating one", async () => {
    const named = await search("satin", "&page_size=30");
    expect(named).toMatchObject({ total: COUNT_CAP, total_is_capped: true });
    const firstUnnamed = named.data.findIndex((p) => !/satin/i.test(p.product_name));
    expect(firstUnnamed).toBeGreaterThanOrEqual(3);
    expect(named.data.slice(firstUnnamed).every((p) => !/satin/i.test(p.product_name))).toBe(true);
    const paged = [];
    for (const page of [1, 2, 3]) paged.push(...(await search("satin", `&page=${page}&page_size=10`)).data);
    expect(paged.map((p) => p.id)).toEqual(named.data.map((p) => p.id));
  });

  it("keeps a word the query excludes out of the named products too, though their names lack it", async () => {
    const body = await search("mashru -gift", "&page_size=48");
    expect(body).toMatchObject({ total: COUNT_CAP, total_is_capped: true });
    expect(body.data[0]?.product_name).toMatch(/^Mashru Silk Stole \d+$/);
    expect(body.data.some((p) => p.product_name.includes("Boxed"))).toBe(false);
  });

  it("pages up to the cap and no further", async () => {
    const last = await search("mashru", `&page=${COUNT_CAP / 40}&page_size=40`);
    expect(last.data).toHaveLength(40);
    const past = await search("mashru", `&page=${COUNT_CAP / 40 + 1}&page_size=40`);
    expect(past).toMatchObject({ data: [], total: COUNT_CAP, total_is_capped: true });
  });
});
