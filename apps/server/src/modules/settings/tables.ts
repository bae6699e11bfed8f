import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The seller's own settings: one row (id 1), written only through `service.ts`. Alerts today; issue 15
 * adds the seller's GST details here too, which is why it is named for the seller rather than for alerts.
 */
export const sellerSettings = pgTable(
  "seller_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Where alerts go; null means the shop's support address (SELLER.supportEmail). */
    alertEmail: text("alert_email"),
    alertNewOrders: boolean("alert_new_orders").notNull().default(true),
    alertNewQueries: boolean("alert_new_queries").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("seller_settings_single_row", sql`${t.id} = 1`)],
);
