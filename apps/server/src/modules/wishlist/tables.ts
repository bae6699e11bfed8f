import { integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "wishlist_items_pk", columns: [t.userId, t.productId] })],
);

/**
 * "E-mail me when it is back" for one sold-out size: one row per size and address (lower-cased). The row is
 * deleted in the transaction that queues its e-mail, so each subscriber hears once and a new sell-out needs
 * a new subscription.
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
  (t) => [unique("stock_alerts_variant_email_uq").on(t.variantId, t.email)],
);
