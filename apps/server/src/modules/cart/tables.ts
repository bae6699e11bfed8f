import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Currency } from "@store/shared";
import { users } from "../accounts/tables";
import { products } from "../catalog/tables";

/**
 * A cart is addressed by an unguessable uuid (the spec's cart_id); a logged-in shopper's cart also has a user.
 * At most one cart per user (guest carts, user null, are unlimited): a guest cart meeting a user's cart is
 * merged into it, so "the user's cart" is never ambiguous and concurrent first adds cannot fork it.
 */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    currency: text("currency").$type<Currency>().notNull().default("USD"),
    /** A guest's address given at checkout (the cart reminder goes to it); a user's cart uses the account's. */
    checkoutEmail: text("checkout_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("carts_user_uq").on(t.userId)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    isDirectBuy: boolean("is_direct_buy").notNull().default(false),
    /** A made-to-order piece's measurements or notes (decision 099); "" for none. Other notes: another line. */
    notes: text("notes").notNull().default(""),
    /**
     * A line of an accepted quote (decision 101): its quote (quotes sit layers above: no foreign key) and the
     * GST-inclusive unit price in paise it is locked at, which the cart shows and checkout charges instead of
     * the catalogue's. Both or neither; a cart with quoted lines holds nothing else.
     */
    quoteId: integer("quote_id"),
    quotedPricePaise: integer("quoted_price_paise"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_lines_identity_uq").on(t.cartId, t.productId, t.size, t.isDirectBuy, t.notes),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_lines_quote_price", sql`(${t.quoteId} is null) = (${t.quotedPricePaise} is null)`),
  ],
);

/** A piece a reminder listed: what its restore link copies back (the reminded cart may be gone by then). */
export interface RemindedPiece {
  productId: number;
  size: string;
  quantity: number;
  /**
   * A made-to-order piece's notes, part of its line (decision 099), so a restore brings back the line checkout
   * takes. Absent in reminders sent before notes were kept: read as "" (none).
   */
  notes?: string;
}

/**
 * One e-mail reminding a shopper of a cart left alone, and what came of it. The figures outlive the cart
 * (set null when a guest cart is deleted or merged at login), so the dashboard's counts never shrink.
 * At most one open reminder per cart (the partial unique index): a racing replica's second insert does
 * nothing, and only a cart whose reminder was recovered by an order may be reminded again, of a later cart.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: serial("id").primaryKey(),
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    pieces: jsonb("pieces").$type<RemindedPiece[]>().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** The first time its link restored the pieces, and the cart they went into the last time. */
    restoredAt: timestamp("restored_at", { withTimezone: true }),
    restoredCartId: uuid("restored_cart_id").references(() => carts.id, { onDelete: "set null" }),
    recoveredAt: timestamp("recovered_at", { withTimezone: true }),
    /** The order that recovered it (orders sit a layer above: no foreign key). */
    recoveredOrderId: integer("recovered_order_id"),
  },
  (t) => [
    uniqueIndex("cart_reminders_open_uq")
      .on(t.cartId)
      .where(sql`${t.recoveredAt} is null`),
    index("cart_reminders_restored_cart_idx").on(t.restoredCartId),
  ],
);
