import { index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { productVariants, products } from "../catalog/tables";

/** A product a signed-in shopper saved (a guest's list lives in the browser until login). */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The size chosen when the piece was saved (a size code); null when saved from a grid card. */
    size: text("size"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "wishlist_items_pk", columns: [t.userId, t.productId] })],
);

/**
 * "E-mail me when it is back" for one sold-out size: one row per size and address (lower-cased). The row is
 * deleted in the transaction that queues its e-mail, so each subscriber hears once and a new sell-out needs
 * a new subscription. It waits until its address is confirmed (`stock_alert_addresses`); unconfirmed, it is
 * deleted after STOCK_ALERT_PENDING_DAYS.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Also the sweep's way from a restocked size to its subscribers.
  (t) => [
    unique("stock_alerts_variant_email_uq").on(t.variantId, t.email),
    index("stock_alerts_email_idx").on(t.email),
  ],
);

/**
 * An address asked to be told when sold-out pieces are back (double opt-in, decision 062): confirmed once
 * its owner followed the link of a confirmation e-mail, or at once when it is a signed-in shopper's verified
 * account address. `confirmation_sent_at` is the last confirmation e-mail, so an address waiting gets one per
 * STOCK_ALERT_CONFIRMATION_HOURS however many pieces it asks for.
 */
export const stockAlertAddresses = pgTable("stock_alert_addresses", {
  email: text("email").primaryKey(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
