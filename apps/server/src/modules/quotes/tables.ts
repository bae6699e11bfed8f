import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { QuoteStatus } from "@store/shared";
import { users } from "../accounts/tables";
import { products } from "../catalog/tables";

/**
 * A buyer's request for prices and the seller's answer (decision 101). Money is INR paise, GST included, as
 * every price in the shop is. `requested → quoted → accepted | declined | expired`; a quoted quote past
 * `valid_until` (an IST day) is expired when it is next read.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<QuoteStatus>().notNull().default("requested"),
    phone: text("phone").notNull(),
    /** The delivery state: the place of supply the proforma's GST follows. */
    state: text("state").notNull(),
    wantedBy: date("wanted_by").notNull(),
    notes: text("notes").notNull().default(""),
    shippingPaise: integer("shipping_paise"),
    validUntil: date("valid_until"),
    terms: text("terms").notNull().default(""),
    leadTimeDays: integer("lead_time_days"),
    declineReason: text("decline_reason").notNull().default(""),
    /** The order that accepted it (orders are a module below, but a quote outlives nothing: no foreign key needed). */
    orderId: integer("order_id"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    quotedAt: timestamp("quoted_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("quotes_user_idx").on(t.userId, t.id),
    index("quotes_status_idx").on(t.status, t.id),
    check("quotes_status", sql`${t.status} in ('requested', 'quoted', 'accepted', 'declined', 'expired')`),
    check("quotes_shipping_non_negative", sql`${t.shippingPaise} is null or ${t.shippingPaise} >= 0`),
  ],
);

/**
 * A line asked for: a catalogue product (size and colour as wished) or custom work in words. Priced, it says
 * which catalogue product and size it is sold as: the product itself, or for custom work one the seller picks
 * (a hidden "custom work" product with the right HSN code).
 */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id").references(() => products.id),
    size: text("size").notNull().default(""),
    colour: text("colour").notNull().default(""),
    customText: text("custom_text").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitPricePaise: integer("unit_price_paise"),
    soldProductId: integer("sold_product_id").references(() => products.id),
    soldSize: text("sold_size").notNull().default(""),
  },
  (t) => [
    index("quote_lines_quote_idx").on(t.quoteId, t.position),
    check("quote_lines_quantity", sql`${t.quantity} between 1 and 10000`),
    check("quote_lines_price_positive", sql`${t.unitPricePaise} is null or ${t.unitPricePaise} > 0`),
  ],
);
