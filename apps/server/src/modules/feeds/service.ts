import { createHash } from "node:crypto";
import {
  CURRENCIES,
  FEED_DEFAULT_COUNTRY,
  FEED_FORMATS,
  FEED_PATHS,
  type AdminFeedsResponse,
  type Currency,
  type FeedFormat,
} from "@store/shared";
import type { Db } from "../../db/client";
import { catalogGeneration } from "../catalog/cache";
import { loadFeedCatalogue, type FeedExclusion } from "./catalogue";
import { googleFeedXml, metaFeedCsv } from "./formats";
import { checkFeedCountry, shippingByProduct } from "./shipping";

/** A feed as built: its body with a weak ETag (the body's hash: the same on every replica, whatever the compression) and its counts. */
export interface BuiltFeed {
  body: string;
  etag: string;
  builtAt: Date;
  products: number;
  items: number;
  excluded: FeedExclusion[];
}

const CONTENT_TYPE: Record<FeedFormat, string> = {
  google: "application/xml; charset=utf-8",
  meta: "text/csv; charset=utf-8",
};
export const feedContentType = (format: FeedFormat) => CONTENT_TYPE[format];

/**
 * The product feeds, built on first request and kept until the catalogue changes: every write that changes
 * what the shop shows (products, sizes, prices, stock, images, shipping fees and rates) moves the catalogue's
 * generation when it commits (catalog/cache.ts), the same signal that empties the rendered-page cache, so the
 * next fetch builds the feed again. One build per feed at a time: concurrent fetches share it.
 */
export function createFeedService(db: Db, publicUrl: string) {
  const origin = publicUrl.replace(/\/+$/, "");
  const built = new Map<string, { generation: number; feed: Promise<BuiltFeed> }>();

  async function build(format: FeedFormat, currency: Currency, country: string): Promise<BuiltFeed> {
    const catalogue = await loadFeedCatalogue(db, origin, currency);
    const productIds = [...new Set(catalogue.items.map((i) => i.productId))];
    const shipping = await shippingByProduct(db, productIds, currency, country);
    const input = { origin, currency, country, items: catalogue.items, shipping };
    const body = format === "google" ? googleFeedXml(input) : metaFeedCsv(input);
    return {
      body,
      etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
      builtAt: new Date(),
      products: catalogue.products,
      items: catalogue.items.length,
      excluded: catalogue.excluded,
    };
  }

  /** The feed as it stands; a country the currency's prices are not for is a 400 (`checkFeedCountry`). */
  async function feed(format: FeedFormat, currency: Currency, country?: string): Promise<BuiltFeed> {
    const target = country ?? FEED_DEFAULT_COUNTRY[currency];
    await checkFeedCountry(db, currency, target);
    const key = `${format}:${currency}:${target}`;
    const generation = catalogGeneration();
    const kept = built.get(key);
    if (kept && kept.generation === generation) return kept.feed;
    const next = { generation, feed: build(format, currency, target) };
    built.set(key, next);
    // A failed build is not kept: the next fetch tries again.
    next.feed.catch(() => built.get(key) === next && built.delete(key));
    return next.feed;
  }

  return {
    feed,
    /** `GET /api/admin/feeds`: each format in each currency at its default country, and what they leave out. */
    async summary(): Promise<AdminFeedsResponse> {
      const feeds = [];
      let excluded: FeedExclusion[] = [];
      for (const format of FEED_FORMATS)
        for (const currency of CURRENCIES) {
          const f = await feed(format, currency);
          excluded = f.excluded;
          feeds.push({
            format,
            currency,
            country: FEED_DEFAULT_COUNTRY[currency],
            url: `${origin}${FEED_PATHS[format]}?currency=${currency}`,
            built_at: f.builtAt.toISOString(),
            etag: f.etag,
            products: f.products,
            items: f.items,
          });
        }
      return {
        feeds,
        excluded: excluded.map((e) => ({
          product_id: e.productId,
          product_code: e.productCode,
          name: e.name,
          reasons: e.reasons,
        })),
      };
    },
  };
}
