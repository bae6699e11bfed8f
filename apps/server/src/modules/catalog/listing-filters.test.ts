import { and, eq, inArray } from "drizzle-orm";
import { type ProductListItem, type ProductListResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "../../schema";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function listing(query: string): Promise<{ status: number; body: ProductListResponse }> {
  const res = await app.inject(`/api/get-all-products/?category_pk=1&page_size=48&${query}`);
  return { status: res.statusCode, body: res.json() };
}
const ids = (items: ProductListItem[]) => items.map((p) => p.id);

describe("GET /api/get-all-products/ sort and filters (issue 40)", () => {
  it("sorts by the card's price both ways, in the shopper's currency", async () => {
    for (const currency of ["USD", "INR"]) {
      const up = (await listing(`sort=price_asc&currency=${currency}`)).body.data.map((p) => p.offer_price);
      const down = (await listing(`sort=price_desc&currency=${currency}`)).body.data.map((p) => p.offer_price);
      expect(up.length).toBeGreaterThan(10);
      expect(up).toEqual([...up].sort((a, b) => a - b));
      expect(down).toEqual([...down].sort((a, b) => b - a));
    }
  });

  it("sorts by units sold, rating and newest", async () => {
    const { body } = await listing("sort=best_selling");
    const sold = await app.database.db
      .select({ productId: productVariants.productId, n: productVariants.unitsSold })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids(body.data)));
    const total = (id: number) => sold.filter((r) => r.productId === id).reduce((s, r) => s + r.n, 0);
    const totals = body.data.map((p) => total(p.id));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(totals[0]).toBeGreaterThan(totals.at(-1) ?? 0);

    const rated = (await listing("sort=rating")).body.data.map((p) => p.rating);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    const newest = ids((await listing("sort=newest")).body.data);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it("filters by price range inclusive of the shown prices, and counts what it shows", async () => {
    const all = (await listing("currency=INR")).body;
    const prices = all.data.map((p) => p.offer_price).sort((a, b) => a - b);
    const min = prices[3] ?? 0;
    const max = prices[prices.length - 4] ?? 0;
    const { body } = await listing(`currency=INR&min_price=${min}&max_price=${max}`);
    expect(body.data.every((p) => p.offer_price >= min && p.offer_price <= max)).toBe(true);
    expect(body.total).toBe(prices.filter((p) => p >= min && p <= max).length);
    expect(body.facets.price).toEqual({ min: prices[0], max: prices.at(-1) });
  });

  it("filters by colour and material with counts per option that match the filtered total", async () => {
    const { body: first } = await listing("");
    const indigo = first.facets.colours.find((c) => c.value === "Indigo");
    expect(indigo?.count).toBeGreaterThan(0);
    const { body } = await listing("colour=Indigo");
    expect(body.total).toBe(indigo?.count);
    const rows = await app.database.db
      .select({ colour: products.colour })
      .from(products)
      .where(inArray(products.id, ids(body.data)));
    expect(rows.every((r) => r.colour === "Indigo")).toBe(true);
    // Another colour's count is unchanged by choosing Indigo (a choice within one filter widens it).
    expect(body.facets.colours).toEqual(first.facets.colours);
    const cotton = body.facets.materials.find((m) => m.value === "Cotton");
    const both = (await listing("colour=Indigo&material=Cotton")).body;
    expect(both.total).toBe(cotton?.count);
    expect((await listing("colour=Indigo&colour=Red")).body.total).toBe(
      (indigo?.count ?? 0) + (first.facets.colours.find((c) => c.value === "Red")?.count ?? 0),
    );
  });

  it("filters by a size in stock, and keeps a chosen option with no product listed at 0", async () => {
    const { body } = await listing("");
    const xl = body.facets.sizes.find((s) => s.value === "XL");
    const filtered = await listing("size=XL");
    expect(filtered.body.total).toBe(xl?.count);
    for (const p of filtered.body.data) {
      const [variant] = await app.database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.productId, p.id), eq(productVariants.size, "XL")));
      expect(variant?.stock).toBeGreaterThan(0);
    }
    const none = (await listing("colour=Sky%20blue")).body;
    expect(none.total).toBe(0);
    expect(none.facets.colours).toContainEqual({ value: "Sky blue", count: 0 });
  });

  it("pages within the filter and sort without repeating a product", async () => {
    const whole = (await listing("sort=price_asc&material=Cotton")).body;
    const paged: number[] = [];
    for (let page = 1; paged.length < whole.total; page++) {
      const res = await app.inject(
        `/api/get-all-products/?category_pk=1&page_size=5&page=${page}&sort=price_asc&material=Cotton`,
      );
      paged.push(...ids(res.json<ProductListResponse>().data));
    }
    expect(paged).toEqual(ids(whole.data));
  });

  it("answers bad sort and filter values with a 400 naming the field, and a blank form field as unset", async () => {
    for (const [query, field] of [
      ["sort=cheapest", "sort"],
      ["min_price=-1", "min_price"],
      ["max_price=ten", "max_price"],
      ["size=XXL", "size"],
      [`colour=${"x".repeat(41)}`, "colour"],
    ] as const) {
      const res = await app.inject(`/api/get-all-products/?category_pk=1&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().errors), query).toContain(field);
    }
    const blank = await listing("sort=&min_price=&max_price=");
    expect(blank.status).toBe(200);
    expect(blank.body.total).toBe((await listing("")).body.total);
  });

  it("keeps the card's price rule: USD prices compare as shown (whole dollars)", async () => {
    const { body } = await listing("currency=USD&sort=price_asc");
    const cheapest = body.data[0];
    expect(cheapest).toBeDefined();
    const exact = await listing(`currency=USD&min_price=${cheapest?.offer_price}&max_price=${cheapest?.offer_price}`);
    expect(ids(exact.body.data)).toContain(cheapest?.id);
    expect(exact.body.data.every((p) => p.offer_price === cheapest?.offer_price)).toBe(true);
  });
});
