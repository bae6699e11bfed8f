import { and, asc, eq, gte, sql } from "drizzle-orm";
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

/** sitemaps.org: at most 50,000 URLs (and 50 MB) per sitemap; ours stay far below the size at this count. */
export const SITEMAP_MAX_URLS = 50_000;

/** Rows read per query while a sitemap streams out, so memory stays flat whatever the catalogue's size. */
const READ_CHUNK = 5_000;

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
export const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

/** W3C Datetime to the second, in UTC (sitemaps.org's lastmod format). */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** One sitemap of the index: the static pages, the listings, or a page of blog posts or of products. */
export type SitemapFile = { kind: "pages" } | { kind: "categories" } | { kind: "blog" | "products"; page: number };

/** A sitemap's file name (`products-2.xml`), as the index links it and the route reads it back. */
export const sitemapFileName = (file: SitemapFile) =>
  "page" in file ? `${file.kind}-${file.page}.xml` : `${file.kind}.xml`;

/** The file a name stands for, or null: not one of ours. */
export function parseSitemapFile(name: string): SitemapFile | null {
  const match = /^(pages|categories|blog|products)(?:-([1-9]\d{0,5}))?\.xml$/.exec(name);
  if (!match) return null;
  const [, kind, page] = match;
  if (kind === "blog" || kind === "products") return page ? { kind, page: Number(page) } : null;
  return page ? null : { kind: kind as "pages" | "categories" };
}

function urlEntry(base: string, path: string, lastmod?: Date): string {
  const when = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : "";
  return `<url><loc>${xmlEscape(base + path)}</loc>${when}</url>\n`;
}

/** The rows a paged sitemap lists: the active products (changed: updated_at), the published posts (their date). */
const rowsOf = (kind: "blog" | "products") =>
  kind === "products"
    ? { id: products.id, changed: products.updatedAt, shown: eq(products.isActive, true), table: products }
    : { id: blogs.id, changed: blogs.date, shown: eq(blogs.isPublished, true), table: blogs };

/** The latest change in each page of `SITEMAP_MAX_URLS` rows, in id order: one entry per sitemap page. */
async function pageLastmods(db: Db, kind: "blog" | "products"): Promise<Date[]> {
  const source = rowsOf(kind);
  const numbered = db
    .select({
      page: sql<number>`(row_number() over (order by ${source.id}) - 1) / ${SITEMAP_MAX_URLS}`.as("page"),
      changed: sql<Date>`${source.changed}`.as("changed"),
    })
    .from(source.table)
    .where(source.shown)
    .as("numbered");
  const rows = await db
    .select({ lastmod: sql<Date>`max(${numbered.changed})`.mapWith(products.updatedAt) })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
  return rows.map((r) => r.lastmod);
}

/**
 * `/sitemap.xml`: the index of the shop's sitemaps (sitemaps.org), each with the latest change of its rows:
 * the static pages, the listings, then the published blog posts and the active products in pages of
 * `SITEMAP_MAX_URLS`. A kind with no rows has no sitemap (an empty urlset is not valid).
 */
export async function sitemapIndexXml(db: Db, publicUrl: string): Promise<string> {
  const [blogPages, productPages] = await Promise.all([pageLastmods(db, "blog"), pageLastmods(db, "products")]);
  const files: { file: SitemapFile; lastmod?: Date }[] = [
    { file: { kind: "pages" } },
    { file: { kind: "categories" } },
    ...blogPages.map((lastmod, i) => ({ file: { kind: "blog" as const, page: i + 1 }, lastmod })),
    ...productPages.map((lastmod, i) => ({ file: { kind: "products" as const, page: i + 1 }, lastmod })),
  ];
  const base = origin(publicUrl);
  const entries = files.map(({ file, lastmod }) => {
    const when = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : "";
    return `<sitemap><loc>${xmlEscape(`${base}/sitemaps/${sitemapFileName(file)}`)}</loc>${when}</sitemap>\n`;
  });
  return `${XML_HEAD}<sitemapindex xmlns="${XMLNS}">\n${entries.join("")}</sitemapindex>\n`;
}

/** The listings: every category, each followed by its subcategories. */
async function listingUrls(db: Db, base: string): Promise<string[]> {
  const [cats, subs] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ name: subcategories.name, categoryId: subcategories.categoryId })
      .from(subcategories)
      .orderBy(asc(subcategories.position), asc(subcategories.id)),
  ]);
  return cats.flatMap((c) => [
    urlEntry(base, listingPath(c.slug)),
    ...subs.filter((s) => s.categoryId === c.id).map((s) => urlEntry(base, listingPath(c.slug, s.name))),
  ]);
}

/** One page of rows in id order, read `READ_CHUNK` at a time from the page's first id (keyset, no big offset per chunk). */
async function* rowPage(db: Db, kind: "blog" | "products", page: number, base: string): AsyncGenerator<string> {
  const source = rowsOf(kind);
  const path = kind === "products" ? "/product/" : "/blog/";
  let [first] = await db
    .select({ id: source.id })
    .from(source.table)
    .where(source.shown)
    .orderBy(asc(source.id))
    .offset((page - 1) * SITEMAP_MAX_URLS)
    .limit(1);
  for (let left = SITEMAP_MAX_URLS; first && left > 0;) {
    const rows = await db
      .select({ id: source.id, changed: source.changed })
      .from(source.table)
      .where(and(source.shown, gte(source.id, first.id)))
      .orderBy(asc(source.id))
      .limit(Math.min(READ_CHUNK, left));
    yield rows.map((r) => urlEntry(base, `${path}${r.id}`, r.changed)).join("");
    left -= rows.length;
    const last = rows.at(-1);
    first = rows.length === READ_CHUNK && last ? { id: last.id + 1 } : undefined;
  }
}

/**
 * One sitemap as chunks of XML, streamed (memory stays flat), or null when the file does not exist (a page
 * beyond the last). Products and blog posts carry their last change as `lastmod`.
 */
export async function sitemapChunks(
  db: Db,
  publicUrl: string,
  file: SitemapFile,
): Promise<AsyncGenerator<string> | null> {
  const base = origin(publicUrl);
  if ("page" in file) {
    const pages = await pageCount(db, file.kind);
    if (file.page > pages) return null;
  }
  return (async function* () {
    yield `${XML_HEAD}<urlset xmlns="${XMLNS}">\n`;
    if (file.kind === "pages") yield STATIC_PAGES.map((path) => urlEntry(base, path)).join("");
    else if (file.kind === "categories") yield (await listingUrls(db, base)).join("");
    else yield* rowPage(db, file.kind, file.page, base);
    yield "</urlset>\n";
  })();
}

async function pageCount(db: Db, kind: "blog" | "products"): Promise<number> {
  const source = rowsOf(kind);
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(source.table)
    .where(source.shown);
  return Math.ceil((row?.n ?? 0) / SITEMAP_MAX_URLS);
}
