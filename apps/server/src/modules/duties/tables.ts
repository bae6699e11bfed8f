import { sql } from "drizzle-orm";
import { boolean, check, date, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The seller's import rules, one row per destination (decision 081): which countries it covers, its
 * duty-free threshold in its own currency (minor units) and what that currency is worth in US dollars, the
 * bases and rates of its duty and import tax (basis points; per country where the tax differs, the EU's
 * VAT), and whether the seller collects them at checkout (delivered duty paid). Written only by `service.ts`.
 */
export const importRules = pgTable(
  "import_rules",
  {
    code: text("code").primaryKey(),
    name: text("name").notNull(),
    countries: text("countries").array().notNull(),
    currency: text("currency").notNull(),
    thresholdMinor: integer("threshold_minor").notNull(),
    /** US dollars per unit of `currency`, x 1,000,000. */
    usdMicros: integer("usd_micros").notNull(),
    /** Whether the import tax, like the duty, is waived at or below the threshold. */
    taxFollowsThreshold: boolean("tax_follows_threshold").notNull(),
    dutyBase: text("duty_base").notNull(),
    taxBase: text("tax_base").notNull(),
    taxName: text("tax_name").notNull(),
    taxRateBps: integer("tax_rate_bps").notNull(),
    countryTaxBps: jsonb("country_tax_bps").$type<Record<string, number>>().notNull().default({}),
    /** The duty of an HS code without a row of its own. */
    defaultDutyBps: integer("default_duty_bps").notNull(),
    /** A duty on every line on top of its rate (the United States' additional duties on goods of India). */
    extraDutyBps: integer("extra_duty_bps").notNull().default(0),
    ddp: boolean("ddp").notNull().default(false),
    effectiveFrom: date("effective_from").notNull(),
    sourceUrl: text("source_url").notNull(),
    note: text("note").notNull().default(""),
  },
  (t) => [
    check("import_rules_threshold", sql`${t.thresholdMinor} >= 0`),
    check("import_rules_fx", sql`${t.usdMicros} > 0`),
    check(
      "import_rules_bases",
      sql`${t.dutyBase} in ('goods', 'goods_shipping') and ${t.taxBase} in ('goods', 'goods_shipping')`,
    ),
    check(
      "import_rules_rates",
      sql`${t.taxRateBps} between 0 and 10000 and ${t.defaultDutyBps} between 0 and 10000 and ${t.extraDutyBps} between 0 and 10000`,
    ),
  ],
);

/** A destination's duty for an HS chapter, heading or subheading (2 to 6 digits), from a day. */
export const dutyRates = pgTable(
  "duty_rates",
  {
    id: serial("id").primaryKey(),
    ruleCode: text("rule_code")
      .notNull()
      .references(() => importRules.code, { onDelete: "cascade" }),
    hsPrefix: text("hs_prefix").notNull(),
    rateBps: integer("rate_bps").notNull(),
    effectiveFrom: date("effective_from").notNull(),
    sourceUrl: text("source_url").notNull(),
  },
  (t) => [
    uniqueIndex("duty_rates_rule_prefix_day").on(t.ruleCode, t.hsPrefix, t.effectiveFrom),
    check("duty_rates_rate", sql`${t.rateBps} between 0 and 10000`),
    check("duty_rates_prefix", sql`${t.hsPrefix} ~ '^[0-9]{2,6}$'`),
  ],
);
