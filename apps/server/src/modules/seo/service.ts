import { asc, eq } from "drizzle-orm";
import { listingPath } from "@store/shared";
import type { Db } from "../../db/client";
import { categories, products, subcategories } from "../catalog/tables";
import { blogs } from "../content/tables";

/** Pages worth indexing that have no database row behind them (spec route table). */
export const STATIC_PAGES = [
  "/",
  "/about-us",
  "/contact-us",
  "/query",
  "/customer-reviews",
  "/blog",
  "/privacy",
  "/refund",
  "/shipping",
  "/terms-and-conditions",
] as const;

/** Private or transactional paths search engines should leave alone. */
export const ROBOTS_DISALLOW = ["/cart", "/add_items", "/admin", "/account", "/api/"] as const;

interface SitemapUrl {
  path: string;
  lastmod?: Date;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

export function createSeoService(db: Db) {
  return {
    /** Every indexable page as absolute URLs under `publicUrl`: static pages, listings, active products, blogs. */
    async sitemapXml(publicUrl: string): Promise<string> {
      const [cats, subs, productRows, blogRows] = await Promise.all([
        db
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .orderBy(asc(categories.position), asc(categories.id)),
        db
          .select({ name: subcategories.name, categoryId: subcategories.categoryId })
          .from(subcategories)
          .orderBy(asc(subcategories.position), asc(subcategories.id)),
        db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .where(eq(products.isActive, true))
          .orderBy(asc(products.id)),
        db
          .select({ id: blogs.id, date: blogs.date })
          .from(blogs)
          .where(eq(blogs.isPublished, true))
          .orderBy(asc(blogs.id)),
      ]);
      const urls: SitemapUrl[] = [
        ...STATIC_PAGES.map((path) => ({ path })),
        ...cats.flatMap((c) => [
          { path: listingPath(c.slug) },
          ...subs.filter((s) => s.categoryId === c.id).map((s) => ({ path: listingPath(c.slug, s.name) })),
        ]),
        ...productRows.map((p) => ({ path: `/product/${p.id}`, lastmod: p.updatedAt })),
        ...blogRows.map((b) => ({ path: `/blog/${b.id}`, lastmod: b.date })),
      ];
      const base = origin(publicUrl);
      const entries = urls.map(
        ({ path, lastmod }) =>
          `  <url><loc>${xmlEscape(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`,
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
    },

    /** Crawl everything public, skip the private paths, and point to the sitemap. */
    robotsTxt(publicUrl: string): string {
      return [
        "User-agent: *",
        "Allow: /",
        ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
        "",
        `Sitemap: ${origin(publicUrl)}/sitemap.xml`,
        "",
      ].join("\n");
    },
  };
}
