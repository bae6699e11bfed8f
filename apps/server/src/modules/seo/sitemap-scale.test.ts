import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../schema";
import { createTestApp } from "../../testing/test-app";
import { checkSitemapXml } from "./sitemap-rules";
import { SITEMAP_MAX_URLS } from "./sitemaps";

const PUBLIC_URL = "https://shop.example.in";
const EXTRA = 100_000;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  // This throw-away database needs no product search: without its three GIN indexes the bulk insert below
  // takes seconds instead of most of a minute, and the sitemap reads none of them.
  await app.database.db.execute(sql`drop index products_search_idx, products_name_search_idx, products_name_trgm_idx`);
  // 100,000 more active products in one statement, each changed at its own minute (their lastmod).
  await app.database.db.execute(sql`
    insert into products (product_code, name, description, category_id, updated_at)
    select 900000 + g, '', '', (select min(id) from categories),
           timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'
    from generate_series(1, ${EXTRA}) as g`);
}, 120_000);
afterAll(() => app.close());

describe("the sitemap index of a catalogue over 100,000 products", () => {
  it("pages the products at 50,000 a sitemap, each valid, every active product once, lastmod its page's latest", async () => {
    const active = await app.database.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id);
    expect(active.length).toBeGreaterThan(EXTRA);
    const pages = Math.ceil(active.length / SITEMAP_MAX_URLS);
    expect(pages).toBe(3);
    const index = await app.inject("/sitemap.xml");
    expect(index.statusCode).toBe(200);
    const sitemaps = checkSitemapXml(index.body, "sitemapindex", PUBLIC_URL);
    const productMaps = sitemaps.filter((loc) => loc.includes("/sitemaps/products-"));
    expect(productMaps).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemaps/products-${n}.xml`));

    const listed: string[] = [];
    for (const [i, loc] of productMaps.entries()) {
      const res = await app.inject(loc.slice(PUBLIC_URL.length));
      expect(res.statusCode).toBe(200);
      const locs = checkSitemapXml(res.body, "urlset", PUBLIC_URL);
      const rows = active.slice(i * SITEMAP_MAX_URLS, (i + 1) * SITEMAP_MAX_URLS);
      expect(locs.length).toBe(rows.length);
      listed.push(...locs);
      // The index's lastmod of this page is the latest change among its products.
      const latest = new Date(Math.max(...rows.map((r) => r.updatedAt.getTime())));
      expect(index.body).toContain(`<loc>${loc}</loc><lastmod>${latest.toISOString().slice(0, 19)}Z</lastmod>`);
    }
    expect(listed).toEqual(active.map((p) => `${PUBLIC_URL}/product/${p.id}`));
    expect((await app.inject("/sitemaps/products-4.xml")).statusCode).toBe(404);
  });
});
