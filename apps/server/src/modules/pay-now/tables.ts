import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "../orders/tables";

/**
 * The seller's "pay now" settings (decision 094): one row (id 1), written only by this module; no row means the
 * defaults (on, no discount, at once). Rupee amounts are stored in paise like every amount.
 */
export const payNowSettings = pgTable(
  "pay_now_settings",
  {
    id: integer("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(true),
    /** none, percent or fixed. */
    discountKind: text("discount_kind").notNull().default("none"),
    discountPercent: integer("discount_percent").notNull().default(0),
    /** The most a percentage discount gives, in paise; 0 = no cap. */
    discountCapMinor: integer("discount_cap_minor").notNull().default(0),
    discountFixedMinor: integer("discount_fixed_minor").notNull().default(0),
    delayMinutes: integer("delay_minutes").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("pay_now_settings_single_row", sql`${t.id} = 1`)],
);

/**
 * One nudge per cash-on-delivery order (decision 094), written only by this module: the message's channel and
 * link (its token kept as a SHA-256 only), when it was opened, the provider order the shopper paid through, the
 * discount offered and, once paid, when the order became prepaid. The row is claimed before the message is
 * queued, so an order is nudged once however many job runs overlap.
 */
export const payNowNudges = pgTable(
  "pay_now_nudges",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** hex SHA-256 of the link's token; null when the order could not be nudged (no channel). */
    tokenHash: text("token_hash"),
    /** whatsapp, email, or none (the shopper turned off both). */
    channel: text("channel").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** The first time the link's page was read. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** The discount offered when the message went, in the order's minor units (fixed for the link's life). */
    discount: integer("discount").notNull().default(0),
    /** What paying asks: total less store credit less the discount. */
    amountDue: integer("amount_due").notNull(),
    provider: text("provider"),
    providerOrderId: text("provider_order_id"),
    providerPaymentId: text("provider_payment_id"),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("pay_now_nudges_provider_order_idx").on(t.provider, t.providerOrderId),
    index("pay_now_nudges_sent_idx").on(t.sentAt),
    check("pay_now_nudges_discount", sql`${t.discount} >= 0 and ${t.amountDue} >= 0`),
  ],
);

export type PayNowNudgeRow = typeof payNowNudges.$inferSelect;
