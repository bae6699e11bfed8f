import { PAGE_CACHEABLE_HEADER } from "@store/shared";
import { LRUCache } from "lru-cache";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { catalogGeneration } from "../modules/catalog/cache";

export type PageEncoding = "br" | "gzip";

/**
 * A rendered page kept for the next visitor (decision 046): its headers and HTML, the script-src sources
 * that let its inline scripts run (their hashes, so every answer is the same bytes and no nonce is needed),
 * and its compressed copies once the thread pool has made them.
 */
export interface CachedPage {
  headers: [string, string][];
  html: Buffer;
  scriptSources: string;
  encoded: Partial<Record<PageEncoding, Buffer>>;
  bytes: number;
}

/**
 * A page to keep: its headers but the cacheable mark, hashes of its inline scripts instead of the render's
 * nonce (the policy of each answer names them), and its compressed copies to follow.
 */
export function keptPage(response: Response, html: string): CachedPage {
  const headers = [...response.headers].filter(([name]) => name !== PAGE_CACHEABLE_HEADER);
  const body = Buffer.from(html, "utf8");
  // The compressed copies are about a seventh of the HTML each; counted up front so the bound holds once they land.
  const page: CachedPage = {
    headers,
    html: body,
    scriptSources: inlineScriptHashes(html),
    encoded: {},
    bytes: Math.ceil(body.length * 1.4),
  };
  void compressOnce(page);
  return page;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Compressed once, at the highest settings, in the thread pool (the event loop keeps answering; until they
 * land, answers are compressed per request as any other). A failure only leaves that copy out.
 */
async function compressOnce(page: CachedPage): Promise<void> {
  const [br, gz] = await Promise.allSettled([
    brotli(page.html, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: page.html.length },
    }),
    gzipped(page.html, { level: 9 }),
  ]);
  if (br.status === "fulfilled") page.encoded.br = br.value;
  if (gz.status === "fulfilled") page.encoded.gzip = gz.value;
}

/**
 * script-src sources for every inline script of the page: its SHA-256, as CSP hashes them (the element's
 * text exactly as written, UTF-8). Scripts with a src are covered by 'self'.
 */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes].join(" ");
}

/**
 * The best copy the browser takes: brotli, then gzip (a q=0 refuses one; "*" accepts any), else none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (encoding: PageEncoding) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
}

export interface PageCacheOptions {
  /** Bytes of HTML kept at most, over all kept pages. */
  maxBytes?: number;
  /** A page is rendered again after this, even with no announced change (a replica that missed one converges). */
  ttlMs?: number;
}

/**
 * Rendered pages for visitors without a session (pages never depend on one: the shopper's session, cart
 * and wishlist live in the browser), keyed by what changes their HTML (see ssr.ts: the URL with its
 * query, the decided currency, whether the browser asks for the position, whether a crawler asks). All are
 * dropped when the catalogue's generation moves: every committed change of products, prices, stock,
 * categories, the home strip, reviews, testimonials or blog posts, here or on another replica. Bounded by
 * bytes (LRU) and by age.
 */
export function createPageCache({ maxBytes = 32 * 1024 * 1024, ttlMs = 60_000 }: PageCacheOptions = {}) {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.bytes),
    ttl: ttlMs,
  });
  let seen = catalogGeneration();
  const current = () => {
    if (seen !== catalogGeneration()) {
      pages.clear();
      seen = catalogGeneration();
    }
  };

  return {
    /** The generation a render starts in: a page is kept only if nothing changed while it rendered. */
    generation: catalogGeneration,
    get(key: string): CachedPage | undefined {
      current();
      return pages.get(key);
    },
    set(key: string, page: CachedPage, renderedIn: number): void {
      current();
      if (renderedIn === seen) pages.set(key, page);
    },
  };
}

/** A page its route marks as the same for every visitor, answered 200 without a cookie of its own. */
export function mayKeep(response: Response): boolean {
  return (
    response.status === 200 &&
    response.headers.get(PAGE_CACHEABLE_HEADER) === "1" &&
    response.headers.getSetCookie().length === 0 &&
    response.body !== null
  );
}
