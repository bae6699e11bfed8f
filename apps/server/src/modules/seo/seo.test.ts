import { eq } from "drizzle-orm";
import { CATEGORIES, SUBCATEGORIES, listingPath } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs, products } from "../../schema";
import { createTestApp } from "../../testing/test-app";
import { ROBOTS_DISALLOW, STATIC_PAGES } from "./service";

const PUBLIC_URL = "https://shop.example.in";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ config: { publicUrl: `${PUBLIC_URL}/` } });
});
afterAll(() => app.close());

describe("GET /sitemap.xml", () => {
  let xml = "";
  let locs: string[] = [];
  beforeAll(async () => {
    const res = await app.inject("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    xml = res.body;
    locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
  });

  it("is a sitemap of absolute URLs under the public URL, each listed once", () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs.length).toBeGreaterThan(100);
    expect(locs.every((loc) => loc.startsWith(`${PUBLIC_URL}/`) && !loc.startsWith(`${PUBLIC_URL}//`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("lists the static pages and every category and subcategory listing", () => {
    for (const path of STATIC_PAGES) expect(locs).toContain(PUBLIC_URL + path);
    for (const c of CATEGORIES) expect(locs).toContain(PUBLIC_URL + listingPath(c.segment));
    for (const s of SUBCATEGORIES) {
      const category = CATEGORIES.find((c) => c.id === s.categoryId);
      expect(locs).toContain(PUBLIC_URL + listingPath(category?.segment ?? "", s.name));
    }
  });

  it("lists every active product and published blog post, and no inactive product", async () => {
    const all = await app.database.db.select({ id: products.id, isActive: products.isActive }).from(products);
    for (const p of all) {
      if (p.isActive) expect(locs).toContain(`${PUBLIC_URL}/product/${p.id}`);
      else expect(locs).not.toContain(`${PUBLIC_URL}/product/${p.id}`);
    }
    expect(all.some((p) => !p.isActive)).toBe(true);
    const posts = await app.database.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.isPublished, true));
    expect(posts.length).toBeGreaterThan(0);
    for (const b of posts) expect(locs).toContain(`${PUBLIC_URL}/blog/${b.id}`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });
});

describe("GET /robots.txt", () => {
  it("allows everything but the private paths and points at the sitemap", async () => {
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
