import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { GIFT_CARD_STATUSES } from "@store/shared";
import { users } from "../accounts/tables";

/**
 * What the seller sells (issue 42, decision 089): a named card in one currency, with fixed amounts and/or a
 * range the buyer chooses in. Amounts in minor units. Written only by the gift-cards module.
 */
export const giftCardProducts = pgTable(
  "gift_card_products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    currency: text("currency").notNull(),
    fixedAmounts: integer("fixed_amounts")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    minAmount: integer("min_amount"),
    maxAmount: integer("max_amount"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gift_card_products_currency", sql`${t.currency} in ('INR', 'USD')`),
    check(
      "gift_card_products_amounts",
      sql`(${t.minAmount} is null) = (${t.maxAmount} is null) and (${t.minAmount} is null or ${t.minAmount} < ${t.maxAmount}) and (${t.minAmount} is not null or cardinality(${t.fixedAmounts}) > 0)`,
    ),
  ],
);

export const giftCardStatus = pgEnum("gift_card_status", GIFT_CARD_STATUSES);

/**
 * One card bought for someone: its own purchase, paid through a payment provider (not an order: no stock,
 * no shipping, no tax invoice, as a voucher is not a supply, CBIC Circular 243/37/2024-GST). The code is made
 * when the card is sent and kept only as its SHA-256 and last four characters. pending_payment -> paid ->
 * sent -> redeemed, each once, under the row's lock.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => giftCardProducts.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    /** Minor units of `currency`: what the buyer pays and the recipient gets. */
    amount: integer("amount").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message").notNull().default(""),
    /** The India day it is e-mailed on (today up to a year ahead when bought). */
    sendOn: date("send_on", { mode: "string" }).notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    buyerUserId: integer("buyer_user_id").references(() => users.id, { onDelete: "set null" }),
    status: giftCardStatus("status").notNull().default("pending_payment"),
    provider: text("provider").notNull(),
    providerOrderId: text("provider_order_id"),
    providerPaymentId: text("provider_payment_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Hex SHA-256 of the code (20 random symbols, 100 bits); the code itself is never stored. */
    codeHash: text("code_hash").unique(),
    codeLast4: text("code_last4"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    redeemedBy: integer("redeemed_by").references(() => users.id, { onDelete: "restrict" }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("gift_cards_provider_order_uq").on(t.provider, t.providerOrderId),
    index("gift_cards_due_idx")
      .on(t.sendOn)
      .where(sql`${t.status} = 'paid'`),
    check("gift_cards_amount_positive", sql`${t.amount} > 0`),
    check("gift_cards_currency", sql`${t.currency} in ('INR', 'USD')`),
    check(
      "gift_cards_steps",
      sql`(${t.status} = 'pending_payment' or ${t.paidAt} is not null)
        and ((${t.status} in ('sent', 'redeemed')) = (${t.codeHash} is not null and ${t.sentAt} is not null))
        and ((${t.status} = 'redeemed') = (${t.redeemedBy} is not null and ${t.redeemedAt} is not null))`,
    ),
  ],
);

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardProductRow = typeof giftCardProducts.$inferSelect;
