import { z } from "zod";
import { CURRENCIES } from "../constants";

/**
 * Product feeds for shopping channels (issue 45, decision 103): Google Merchant Center's RSS 2.0 with the
 * `g:` namespace and Meta's catalogue CSV, one per currency (rupees for India, the dollar prices shown abroad).
 */
export const FEED_FORMATS = ["google", "meta"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Each format's public path: crawlers fetch these, so they sit outside `/api` like the sitemap. */
export const FEED_PATHS: Record<FeedFormat, string> = {
  google: "/feeds/google-merchant.xml",
  meta: "/feeds/meta-catalogue.csv",
};

/** The country each currency's feed targets unless `country` names another (the USD feed: any country shipped to). */
export const FEED_DEFAULT_COUNTRY = { INR: "IN", USD: "US" } as const;

/** `GET /feeds/google-merchant.xml`, `GET /feeds/meta-catalogue.csv`: which currency and target country. */
export const feedQuerySchema = z.object({
  currency: z.enum(CURRENCIES, { error: "currency must be INR or USD" }).default("INR"),
  country: z
    .string({ error: "country must be a two-letter country code such as US" })
    .regex(/^[A-Z]{2}$/, "country must be a two-letter country code such as US")
    .optional(),
});

/** Why a product is left out of every feed. */
export const FEED_EXCLUSION_REASONS = ["inactive", "no_image", "no_price", "no_size_offered"] as const;
export type FeedExclusionReason = (typeof FEED_EXCLUSION_REASONS)[number];

export const FEED_EXCLUSION_TEXT: Record<FeedExclusionReason, string> = {
  inactive: "Inactive (not in the catalogue)",
  no_image: "No image",
  no_price: "No price",
  no_size_offered: "No size offered",
};

const feedSummarySchema = z.object({
  format: z.enum(FEED_FORMATS),
  currency: z.enum(CURRENCIES),
  country: z.string(),
  url: z.string(),
  built_at: z.string(),
  etag: z.string(),
  products: z.number().int(),
  items: z.number().int(),
});

/** `GET /api/admin/feeds`: each feed as built now, and the products every feed leaves out, with why. */
export const adminFeedsResponseSchema = z.object({
  feeds: z.array(feedSummarySchema),
  excluded: z.array(
    z.object({
      product_id: z.number().int(),
      product_code: z.number().int(),
      name: z.string(),
      reasons: z.array(z.enum(FEED_EXCLUSION_REASONS)),
    }),
  ),
});
export type AdminFeedsResponse = z.infer<typeof adminFeedsResponseSchema>;
