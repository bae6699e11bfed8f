import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The seller's cash-on-delivery rules (decision 093), written only by the cod-rules module. One rule per scope
 * and key: a customer (e-mail or 10-digit mobile), a PIN code, an area (a 2- or 3-digit PIN prefix) or the
 * whole shop (key ""). Money in paise; the figures an action does not use are null.
 */
export const codRules = pgTable(
  "cod_rules",
  {
    id: serial("id").primaryKey(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** allowed, cap, advance or prepaid_only. */
    action: text("action").notNull(),
    capMinor: integer("cap_minor"),
    advancePercent: integer("advance_percent"),
    advanceMinMinor: integer("advance_min_minor"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cod_rules_scope_key_idx").on(t.scope, t.key),
    check("cod_rules_scope", sql`${t.scope} in ('customer', 'pincode', 'area', 'shop')`),
    check("cod_rules_action", sql`${t.action} in ('allowed', 'cap', 'advance', 'prepaid_only')`),
  ],
);

/**
 * The defaults from the store's own history, one row (id 1, seeded by the migration): a PIN code or customer
 * whose COD parcels came back more than `return_share_percent` of the time (at least `min_parcels` of them in
 * the last `lookback_days`) gets the action below, unless the seller set a rule for it.
 */
export const codHistorySettings = pgTable("cod_history_settings", {
  id: integer("id").primaryKey().default(1),
  enabled: boolean("enabled").notNull().default(true),
  returnSharePercent: integer("return_share_percent").notNull().default(35),
  minParcels: integer("min_parcels").notNull().default(5),
  lookbackDays: integer("lookback_days").notNull().default(180),
  action: text("action").notNull().default("advance"),
  capMinor: integer("cap_minor"),
  advancePercent: integer("advance_percent").default(10),
  advanceMinMinor: integer("advance_min_minor").default(10_000),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
