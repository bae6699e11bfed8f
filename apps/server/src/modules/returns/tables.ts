import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { REFUND_VIAS, RETURN_KINDS, RETURN_STATUSES, type RefundDestination } from "@store/shared";
import { orderLines, orders } from "../orders/tables";

export const returnKind = pgEnum("return_kind", RETURN_KINDS);
export const returnStatus = pgEnum("return_status", RETURN_STATUSES);
export const refundVia = pgEnum("refund_via", REFUND_VIAS);

/**
 * A shopper's request to send pieces of a delivered order back (issue 16), for a refund or another size,
 * and what the seller did with it. Written only by the returns module.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: returnKind("kind").notNull(),
    status: returnStatus("status").notNull().default("requested"),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    /** Media URLs of the shopper's photos, re-encoded (media/images.ts). */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    /** Minor units of the order's currency: the pieces' value less their share of the discount (0 for an exchange). */
    refundMinor: integer("refund_minor").notNull().default(0),
    /** A cash-on-delivery shopper's UPI id or bank account, for the seller to pay by hand. */
    refundTo: jsonb("refund_to").$type<RefundDestination>(),
    /** Where the accepted refund goes (issue 42): the original payment, or store credit issued on acceptance. */
    refundVia: refundVia("refund_via").notNull().default("original"),
    /** The seller's reference of that payment (a UPI or NEFT transaction number). */
    payoutReference: text("payout_reference"),
    sellerNote: text("seller_note").notNull().default(""),
    /** The check of the parcel once back (decision 063): what the seller accepted to refund (0 when rejected). */
    acceptedMinor: integer("accepted_minor"),
    inspectionNote: text("inspection_note").notNull().default(""),
    /** Media URLs of what the seller found, re-encoded as the shopper's are. */
    inspectionPhotos: jsonb("inspection_photos").$type<string[]>().notNull().default([]),
    inspectedAt: timestamp("inspected_at", { withTimezone: true }),
    /** The courier's return pickup, once booked. */
    pickupAwb: text("pickup_awb"),
    pickupCourier: text("pickup_courier"),
    pickupTrackingUrl: text("pickup_tracking_url"),
    /** A return from abroad (decision 085): the parcel the shopper sent themselves, as they told us. */
    shopperCarrier: text("shopper_carrier"),
    shopperTracking: text("shopper_tracking"),
    shopperSentAt: timestamp("shopper_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("return_requests_order_idx").on(t.orderId),
    index("return_requests_status_idx").on(t.status, t.createdAt),
    check("return_requests_refund_non_negative", sql`${t.refundMinor} >= 0`),
    check(
      "return_requests_accepted_within_refund",
      sql`${t.acceptedMinor} is null or ${t.acceptedMinor} between 0 and ${t.refundMinor}`,
    ),
  ],
);

/** The pieces of each line a request sends back, and for an exchange the size wanted instead. */
export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    exchangeSize: text("exchange_size"),
    /** The new size's variant, its piece taken from stock when the seller approves the exchange. */
    exchangeVariantId: integer("exchange_variant_id"),
    /** Pieces the check put back on sale (the rest were written off); null until checked. */
    restocked: integer("restocked"),
  },
  (t) => [
    index("return_lines_line_idx").on(t.orderLineId),
    check("return_lines_quantity", sql`${t.quantity} > 0`),
    check("return_lines_restocked", sql`${t.restocked} is null or ${t.restocked} between 0 and ${t.quantity}`),
  ],
);
