import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { shipments } from "./tables";

/**
 * One failed delivery attempt (the courier's NDR, "non-delivery report"), written only by the shipping module:
 * one row per courier event (a replayed webhook finds its key), with the shopper's answer through their link and
 * what the seller told the courier (decision 090). Open while `resolution` is null.
 */
export const failedDeliveries = pgTable(
  "failed_deliveries",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    /** The order, copied from the shipment so the queue and the link page need no join to read it. */
    orderId: integer("order_id").notNull(),
    /** The tracking event this attempt came in (shipment_events' key): exactly one row per courier event. */
    eventKey: text("event_key").notNull(),
    /** 1 for the first failed attempt of the parcel, 2 for the next... */
    attempt: integer("attempt").notNull(),
    /** not_available, address_incomplete, refused, reschedule or other (packages/shared's NDR_REASONS). */
    reason: text("reason").notNull(),
    /** The courier's own words for it. */
    courierRemark: text("courier_remark"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    /** The secret of the shopper's link (as an order page's view token), and until when it answers. */
    token: text("token").notNull(),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }).notNull(),
    /** The shopper's choice: reattempt (on `answerDate`, maybe at a corrected address or phone) or cancel. */
    answer: text("answer"),
    answerDate: date("answer_date"),
    answerAddress: text("answer_address"),
    answerPhone: text("answer_phone"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** Taken before the courier is called, so two clicks cannot send two actions; cleared if the courier refuses. */
    actionClaimedAt: timestamp("action_claimed_at", { withTimezone: true }),
    /** reattempt or return (told to the courier), superseded (a later attempt failed), closed (delivered or back). */
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** Who acted (a user id); null when the parcel's own events closed it. */
    resolvedBy: integer("resolved_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("failed_deliveries_event_idx").on(t.shipmentId, t.eventKey),
    uniqueIndex("failed_deliveries_token_idx").on(t.token),
    index("failed_deliveries_open_idx").on(t.resolution, t.attemptedAt),
  ],
);
