import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_lines_identity_uq").on(t.cartId, t.productId, t.size, t.isDirectBuy),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
