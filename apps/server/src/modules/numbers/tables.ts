import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The seller's numbers (decision 105), written only by the numbers module. One row per event a shopper's
 * browser sent (visit, product view, add to cart, checkout started, search) or the server recorded (an order
 * placed, an order paid). `session` is the day's salted hash of (IP, user agent): the salt is thrown away when
 * the day ends, so it never links one day's visit to another's, and nothing is kept on the shopper's device.
 * Raw rows go after the seller's retention days; the daily rollups stay.
 */
export const numbersEvents = pgTable(
  "numbers_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The India (IST) day of `at`: the report's day and the session's. */
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    /** Null for an order paid whose shopper declined tracking or whose payment came by webhook alone. */
    session: text("session"),
    /** mobile, desktop or unknown. */
    device: text("device").notNull(),
    /** ISO 3166 code from the store's own geo lookup, or "--" when unknown. */
    country: text("country").notNull(),
    path: text("path"),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    productId: integer("product_id"),
    /** A search's query, lower-cased with its spaces folded. */
    query: text("query"),
    resultCount: integer("result_count"),
    /** The products a search showed, or an order's products. */
    productIds: integer("product_ids").array(),
    orderId: integer("order_id"),
  },
  (t) => [
    index("numbers_events_day_idx").on(t.day),
    index("numbers_events_order_idx").on(t.orderId),
    check(
      "numbers_events_kind",
      sql`${t.kind} in ('visit', 'product_view', 'add_to_cart', 'checkout_started', 'search', 'order_placed', 'paid')`,
    ),
  ],
);

/**
 * Daily totals, recomputed from the raw events for a day while they are kept, and kept after them. `metric`
 * names the figure (a funnel step, search_none, search_sale, viewed, bought, source_visits,
 * source_paid); `key` what it counts (a query, a product id, a source as a JSON array), "" for the funnel.
 */
export const numbersDaily = pgTable(
  "numbers_daily",
  {
    day: date("day").notNull(),
    device: text("device").notNull(),
    country: text("country").notNull(),
    metric: text("metric").notNull(),
    key: text("key").notNull(),
    value: integer("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.key, t.device, t.country] })],
);

/** Today's salt for the session hash, one row per IST day; rows of earlier days are deleted by the upkeep job. */
export const numbersSalts = pgTable("numbers_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});

/** Raw events are kept this many days until the seller says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90;

/** The seller's settings for the numbers, one row (id 1, seeded by the migration). */
export const numbersSettings = pgTable("numbers_settings", {
  id: integer("id").primaryKey().default(1),
  /** Raw events older than this many days are deleted; the daily rollups stay. */
  retentionDays: integer("retention_days").notNull().default(DEFAULT_RETENTION_DAYS),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
