import { PAGE_CACHEABLE_HEADER } from "@store/shared";
import { LRUCache } from "lru-cache";
import { catalogGeneration } from "../modules/catalog/cache";

/**
 * A rendered page kept for the next visitor: its status, headers and HTML, split where the render's
 * nonce stood, so each answer is joined with a nonce of its own (decision 044).
 */
export interface CachedPage {
  headers: [string, string][];
  /** The HTML between the occurrences of the nonce it was rendered with. */
  parts: string[];
  bytes: number;
}

export interface PageCacheOptions {
  /** Bytes of HTML kept at most (about 100-200 KB a page). */
  maxBytes?: number;
  /** A page is rendered again after this, even with no announced change (a replica that missed one converges). */
  ttlMs?: number;
}

/**
 * Rendered pages for visitors without a session (pages never depend on one: the shopper's session, cart
 * and wishlist live in the browser), keyed by what changes their HTML (see ssr.ts: the URL with its
 * query, the decided currency, whether the browser asks for the position, whether a crawler asks). All are
 * dropped when the catalogue's generation moves: every committed change of products, prices, stock,
 * categories, the home strip, reviews or testimonials, here or on another replica. Bounded by bytes (LRU)
 * and by age.
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
