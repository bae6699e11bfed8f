import { eq } from "drizzle-orm";
import { CATEGORIES, SUBCATEGORIES, listingPath } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs, products } from "../../schema";
import { createTestApp } from "../../testing/test-app";
import { ROBOTS_DISALLOW, STATIC_PAGES } from "./service";
import { checkSitemapXml } from "./sitemap-rules";

const PUBLIC_URL = "https://shop.example.in";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ config: { publicUrl: `${PUBLIC_URL}/` } });
});
afterAll(() => app.close());

async function getXml(url: string): Promise<string> {
  const res = await app.inject(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/xml/);
  return res.body;
}

describe("GET /sitemap.xml and its sitemaps", () => {
  let sitemaps: string[] = [];
  const locs = new Map<string, string[]>();
  beforeAll(async () => {
    sitemaps = checkSitemapXml(await getXml("/sitemap.xml"), "sitemapindex", PUBLIC_URL);
    for (const sitemap of sitemaps)
      locs.set(sitemap, checkSitemapXml(await getXml(sitemap.slice(PUBLIC_URL.length)), "urlset", PUBLIC_URL));
  });

  it("is an index of one sitemap per kind of page, products and posts paged", () => {
    expect(sitemaps).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/categories.xml`,
      `${PUBLIC_URL}/sitemaps/blog-1.xml`,
      `${PUBLIC_URL}/sitemaps/products-1.xml`,
    ]);
  });

  it("lists the static pages and every category and subcategory listing", () => {
    expect(locs.get(`${PUBLIC_URL}/sitemaps/pages.xml`)).toEqual(STATIC_PAGES.map((path) => PUBLIC_URL + path));
    const listings = locs.get(`${PUBLIC_URL}/sitemaps/categories.xml`);
    for (const c of CATEGORIES) expect(listings).toContain(PUBLIC_URL + listingPath(c.segment));
    for (const s of SUBCATEGORIES) {
      const category = CATEGORIES.find((c) => c.id === s.categoryId);
      expect(listings).toContain(PUBLIC_URL + listingPath(category?.segment ?? "", s.name));
    }
  });

  it("lists every active product and published blog post with its last change, and no inactive product", async () => {
    const all = await app.database.db
      .select({ id: products.id, isActive: products.isActive, updatedAt: products.updatedAt })
      .from(products);
    const listed = locs.get(`${PUBLIC_URL}/sitemaps/products-1.xml`) ?? [];
    expect(listed).toEqual(
      all
        .filter((p) => p.isActive)
        .map((p) => `${PUBLIC_URL}/product/${p.id}`)
        .sort(byId),
    );
    expect(all.some((p) => !p.isActive)).toBe(true);
    const xml = await getXml("/sitemaps/products-1.xml");
    const first = all.filter((p) => p.isActive).sort((a, b) => a.id - b.id)[0]!;
    expect(xml).toContain(
      `<loc>${PUBLIC_URL}/product/${first.id}</loc><lastmod>${first.updatedAt.toISOString().slice(0, 19)}Z</lastmod>`,
    );
    const posts = await app.database.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.isPublished, true));
    expect(posts.length).toBeGreaterThan(0);
    expect(locs.get(`${PUBLIC_URL}/sitemaps/blog-1.xml`)?.length).toBe(posts.length);
  });

  it("is in the OpenAPI document, so the bad-input ring reaches it", () => {
    expect(Object.keys(app.swagger().paths ?? {})).toContain("/sitemaps/{file}");
  });

  it("answers a sitemap that is not one of the index's with a 404, and a malformed name with a 400", async () => {
    for (const url of ["/sitemaps/products-2.xml", "/sitemaps/blog-9.xml", "/sitemaps/orders.xml"]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: "SITEMAP_NOT_FOUND" });
    }
    for (const url of ["/sitemaps/products-0.xml", "/sitemaps/..%2Fetc.xml", "/sitemaps/products-1.txt"]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringContaining("sitemap") });
    }
  });
});

function byId(a: string, b: string): number {
  return Number(a.split("/").at(-1)) - Number(b.split("/").at(-1));
}

describe("GET /robots.txt", () => {
  it("allows everything but the private paths and points at the sitemap index", async () => {
    const res = await app.inject("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(ROBOTS_DISALLOW).toEqual(["/cart", "/add_items", "/admin", "/account", "/api/"]);
    for (const path of ROBOTS_DISALLOW) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
