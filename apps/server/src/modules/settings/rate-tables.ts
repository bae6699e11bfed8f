import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The seller's destination zones for international shipping (decision 080): a code, its name, and the order
 * the back office lists them in. Written only through `rate-cards.ts`.
 */
export const shippingZones = pgTable("shipping_zones", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
});

/** Which zone a delivery country (ISO 3166-1 alpha-2) is in; a country in none is not shipped to. */
export const shippingZoneCountries = pgTable(
  "shipping_zone_countries",
  {
    country: text("country").primaryKey(),
    zoneCode: text("zone_code")
      .notNull()
      .references(() => shippingZones.code, { onDelete: "cascade", onUpdate: "cascade" }),
  },
  (t) => [check("shipping_zone_countries_alpha2", sql`${t.country} ~ '^[A-Z]{2}$'`)],
);

/**
 * A rate card: an international method's price to a zone in one currency, in minor units (paise, cents),
 * for the first half kilo of chargeable weight and for each further half kilo or part of one.
 */
export const shippingRateCards = pgTable(
  "shipping_rate_cards",
  {
    method: text("method").notNull(),
    zoneCode: text("zone_code")
      .notNull()
      .references(() => shippingZones.code, { onDelete: "cascade", onUpdate: "cascade" }),
    currency: text("currency", { enum: ["INR", "USD"] }).notNull(),
    firstHalfKgMinor: integer("first_half_kg_minor").notNull(),
    eachHalfKgMoreMinor: integer("each_half_kg_more_minor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.method, t.zoneCode, t.currency] }),
    check("shipping_rate_cards_not_negative", sql`${t.firstHalfKgMinor} >= 0 AND ${t.eachHalfKgMoreMinor} >= 0`),
  ],
);
