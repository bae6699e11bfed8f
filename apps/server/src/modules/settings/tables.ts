import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { SHIPPING_FEES_SEED, type SellerGst } from "@store/shared";
import { toMinorFees, type StoredShippingFees } from "./shipping-fees";

/**
 * The seller's own settings: one row (id 1), written only through `service.ts`. Alerts, the GST
 * registration the invoices print, and the shipping fees the seller sets.
 */
export const sellerSettings = pgTable(
  "seller_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Where alerts go; null means the shop's support address (SELLER.supportEmail). */
    alertEmail: text("alert_email"),
    alertNewOrders: boolean("alert_new_orders").notNull().default(true),
    alertNewQueries: boolean("alert_new_queries").notNull().default(true),
    /** The seller's GST registration as invoices print it (decision 033); null until the seller saves it. */
    gst: jsonb("gst").$type<SellerGst>(),
    /**
     * The shipping fees the seller sets, by method, in minor units (decision 071); the default is the
     * migration's seed, the fees from before they were the seller's.
     */
    shippingFees: jsonb("shipping_fees").$type<StoredShippingFees>().notNull().default(toMinorFees(SHIPPING_FEES_SEED)),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("seller_settings_single_row", sql`${t.id} = 1`)],
);
