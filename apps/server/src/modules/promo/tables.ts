import { sql } from "drizzle-orm";
import { boolean, check, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const promoKind = pgEnum("promo_kind", ["percent", "flat"]);

/**
 * Promo rules. The flat value is in major units of `currency`; a null currency means the rule applies in
 * every currency (percent codes). The minimum order is in major units of `min_amount_currency`, set
 * explicitly, and converted to the cart's currency when they differ (`promoMinimumMinor`).
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: promoKind("kind").notNull(),
    value: integer("value").notNull(),
    currency: text("currency"),
    minAmount: integer("min_amount").notNull().default(0),
    minAmountCurrency: text("min_amount_currency").notNull().default("USD"),
    minItems: integer("min_items").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_uq").on(sql`upper(${t.code})`),
    check("promo_codes_value_positive", sql`${t.value} > 0`),
    check("promo_codes_percent_range", sql`${t.kind} <> 'percent' or ${t.value} <= 100`),
    check("promo_codes_min_currency", sql`${t.minAmountCurrency} in ('INR', 'USD')`),
  ],
);
