import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { products } from "../catalog/tables";

/**
 * Trade accounts (issue 44 point 2, decision 097), written only by the trade module. A group is a set of
 * trade buyers with one discount off the retail price; its price list's fixed prices win over it.
 */
export const tradeGroups = pgTable(
  "trade_groups",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Whole percent off the retail price, 0 to 90. */
    percentOff: integer("percent_off").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("trade_groups_name_idx").on(sql`lower(${t.name})`),
    check("trade_groups_percent", sql`${t.percentOff} between 0 and 90`),
  ],
);

/**
 * A business's application to buy at trade prices. At most one that is open, approved or revoked per account
 * (a declined one leaves room to apply again; a revoked one is reinstated by the seller, not re-applied); an
 * approved one names the buyer's group. Revoking clears the group: a reinstatement chooses one again.
 */
export const tradeApplications = pgTable(
  "trade_applications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gstin: text("gstin").notNull(),
    businessName: text("business_name").notNull(),
    buys: text("buys").notNull(),
    /** The expected monthly purchases the business gave, in rupees. */
    monthlyVolumeRupees: integer("monthly_volume_rupees").notNull(),
    /** open, approved, declined or revoked. */
    status: text("status").notNull().default("open"),
    groupId: integer("group_id").references(() => tradeGroups.id, { onDelete: "restrict" }),
    declineReason: text("decline_reason"),
    /** Why the seller revoked an approved account (e-mailed to the business); kept after reinstatement. */
    revokeReason: text("revoke_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("trade_applications_one_live_idx")
      .on(t.userId)
      .where(sql`${t.status} <> 'declined'`),
    index("trade_applications_status_idx").on(t.status, t.createdAt),
    check("trade_applications_status", sql`${t.status} in ('open', 'approved', 'declined', 'revoked')`),
    check("trade_applications_group", sql`(${t.status} = 'approved') = (${t.groupId} is not null)`),
  ],
);

/** A group's fixed price of a product, in paise (whole rupees): for one size, or every size (size ''). */
export const tradePrices = pgTable(
  "trade_prices",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => tradeGroups.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull().default(""),
    pricePaise: integer("price_paise").notNull(),
  },
  (t) => [
    uniqueIndex("trade_prices_group_product_size_idx").on(t.groupId, t.productId, t.size),
    check("trade_prices_whole_rupees", sql`${t.pricePaise} > 0 and ${t.pricePaise} % 100 = 0`),
  ],
);

/** A product's trade terms: the fewest pieces a trade buyer may order, and the pack they come in. */
export const tradeProductRules = pgTable(
  "trade_product_rules",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    minQuantity: integer("min_quantity").notNull().default(1),
    casePack: integer("case_pack").notNull().default(1),
  },
  (t) => [check("trade_product_rules_positive", sql`${t.minQuantity} >= 1 and ${t.casePack} >= 1`)],
);
