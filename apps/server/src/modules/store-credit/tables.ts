import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { STORE_CREDIT_KINDS } from "@store/shared";
import { users } from "../accounts/tables";
import { orders } from "../orders/tables";

export const storeCreditKind = pgEnum("store_credit_kind", STORE_CREDIT_KINDS);

/**
 * The store-credit ledger (issue 42, decision 087): one row per movement of a shopper's credit, in the currency
 * it was issued in, signed (a credit positive, a debit negative). Rows are never changed or deleted (a trigger
 * refuses it, as for invoices); a balance is the sum of its rows. Written only by the store-credit module.
 *
 * The return request and the gift card are named by id without a foreign key: their modules sit above this
 * one (the returns module calls this one), and a table here may not point up at theirs.
 */
export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    currency: text("currency").notNull(),
    /** Minor units of `currency` (paise, cents), signed. */
    amountMinor: integer("amount_minor").notNull(),
    kind: storeCreditKind("kind").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    returnId: integer("return_id"),
    giftCardId: integer("gift_card_id"),
    /**
     * What a `given_back` row answers (decision 088): "closed" (an unpaid attempt closed), "cancelled",
     * "refunded" (the rest of the order refunded), "pieces:<reversal id>" or "return:<return id>". Unique per
     * order, so each cause gives back once however often it is retried. Null for the other kinds.
     */
    cause: text("cause"),
    /** Why, in words the shopper is shown (a goodwill adjustment's reason is required). */
    reason: text("reason").notNull().default(""),
    /** The owner who made a goodwill adjustment; null for the movements the shop's own flows make. */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("store_credit_entries_user_idx").on(t.userId, t.currency, t.createdAt),
    // Exactly once: a return issues credit once, a gift card is redeemed once, an order spends once and each
    // cause of a give-back (its cancellation, a refund, a return, cancelled pieces) gives back once.
    uniqueIndex("store_credit_entries_return_uq")
      .on(t.returnId)
      .where(sql`${t.kind} = 'return'`),
    uniqueIndex("store_credit_entries_gift_card_uq")
      .on(t.giftCardId)
      .where(sql`${t.kind} = 'gift_card'`),
    uniqueIndex("store_credit_entries_spent_uq")
      .on(t.orderId)
      .where(sql`${t.kind} = 'spent'`),
    uniqueIndex("store_credit_entries_given_back_uq")
      .on(t.orderId, t.cause)
      .where(sql`${t.kind} = 'given_back'`),
    check("store_credit_entries_currency", sql`${t.currency} in ('INR', 'USD')`),
    check(
      "store_credit_entries_sign",
      sql`case ${t.kind} when 'spent' then ${t.amountMinor} < 0 when 'goodwill' then ${t.amountMinor} <> 0 else ${t.amountMinor} > 0 end`,
    ),
    check(
      "store_credit_entries_references",
      sql`case ${t.kind}
        when 'return' then ${t.returnId} is not null and ${t.orderId} is not null
        when 'gift_card' then ${t.giftCardId} is not null
        when 'spent' then ${t.orderId} is not null
        when 'given_back' then ${t.orderId} is not null and ${t.cause} is not null
        else ${t.actorUserId} is not null and ${t.reason} <> '' end`,
    ),
  ],
);
