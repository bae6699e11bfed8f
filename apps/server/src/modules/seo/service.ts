import type { Db } from "../../db/client";
import { origin, parseSitemapFile, sitemapChunks, sitemapIndexXml } from "./sitemaps";

export { STATIC_PAGES } from "./sitemaps";

/** Private or transactional paths search engines should leave alone. */
export const ROBOTS_DISALLOW = ["/cart", "/add_items", "/admin", "/account", "/api/"] as const;

export function createSeoService(db: Db) {
  return {
    /** The sitemap index (decision 104): one sitemap per kind of page, products and posts in pages of 50,000. */
    sitemapIndexXml: (publicUrl: string) => sitemapIndexXml(db, publicUrl),

    /** One sitemap of the index by its file name, streamed in chunks; null: no such file. */
    async sitemap(publicUrl: string, name: string): Promise<AsyncGenerator<string> | null> {
      const file = parseSitemapFile(name);
      return file ? sitemapChunks(db, publicUrl, file) : null;
    },

    /** Crawl everything public, skip the private paths, and point to the sitemap index. */
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
