import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "../orders/tables";

/**
 * What the seller asked about an Indian order's delivery address before booking it, and the shopper's answer
 * (decision 092), written only by the shipping module. The address rules themselves are plain functions of the
 * order's fields (packages/shared's address-quality.ts); only the courier's cash-on-delivery answer, the link
 * and the answer are kept here. One row per order; no row means nobody asked yet.
 */
export const addressChecks = pgTable(
  "address_checks",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The courier's cached answer, read when the back office opened the order: false = no COD at this PIN. */
    codServed: boolean("cod_served"),
    /** The shopper's link (as a failed delivery's) and until when it answers; null until the seller sends it. */
    token: text("token"),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** whatsapp or email: one channel, as the link answers once. */
    channel: text("channel"),
    sentBy: integer("sent_by"),
    /** confirmed (the address stands) or corrected (the order now holds the shopper's); either clears the flag. */
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("address_checks_token_idx").on(t.token)],
);
