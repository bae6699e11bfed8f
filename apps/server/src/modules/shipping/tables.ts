import { and, eq, isNull, ne, sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { CUSTOMS_STEPS, SHIPMENT_DIRECTIONS, SHIPMENT_STATUSES } from "@store/shared";
import { orders } from "../orders/tables";

/** Raw bytes (a label PDF). PGlite and node-postgres both hand back a Buffer / Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const shipmentDirection = pgEnum("shipment_direction", SHIPMENT_DIRECTIONS);
export const shipmentStatus = pgEnum("shipment_status", SHIPMENT_STATUSES);
export const customsStep = pgEnum("customs_step", CUSTOMS_STEPS);

/**
 * A parcel booked with the courier aggregator: forward to the shopper, or a return picked up from them.
 * Written only by the shipping module. `creating` is the claim taken before the courier is called (so two
 * clicks cannot book two parcels); it is deleted if the courier refuses.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    direction: shipmentDirection("direction").notNull().default("forward"),
    /**
     * The return request a parcel serves: its pickup from the shopper (direction return), or an exchange's new
     * size (forward). Null for the order's own parcel. No foreign key: the returns module sits above this one.
     */
    returnId: integer("return_id"),
    provider: text("provider").notNull(),
    /** The aggregator's ids of its order and of the shipment in it. */
    providerOrderId: text("provider_order_id"),
    shipmentId: text("shipment_id"),
    awb: text("awb"),
    courier: text("courier"),
    trackingUrl: text("tracking_url"),
    status: shipmentStatus("status").notNull().default("creating"),
    /** When the courier reported the status (the latest event applied), so a late webhook cannot undo a newer one. */
    statusAt: timestamp("status_at", { withTimezone: true }).notNull().defaultNow(),
    /** The label as the courier made it, fetched once; null until fetched. */
    labelPdf: bytea("label_pdf"),
    pickupRequestedAt: timestamp("pickup_requested_at", { withTimezone: true }),
    /** The seller called the parcel back (its order cancelled after it shipped): the courier returns it. */
    recallRequestedAt: timestamp("recall_requested_at", { withTimezone: true }),
    /** Why the courier could not be asked to call it back, until it is asked again; null otherwise. */
    recallError: text("recall_error"),
    /**
     * The courier's freight for this parcel as its booking answer quoted it, in paise: forward, and what an RTO
     * (the way back) costs. Null when the courier did not say (bookings before decision 091, DHL, hand-shipped).
     */
    freightMinor: integer("freight_minor"),
    rtoFreightMinor: integer("rto_freight_minor"),
    /** Booked with the simulated courier: nothing was really shipped. */
    isTest: boolean("is_test").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipments_order_idx").on(t.orderId),
    uniqueIndex("shipments_awb_idx").on(t.provider, t.awb),
    // One live parcel of the order itself (a cancelled booking may be booked again); exchanges come on top.
    uniqueIndex("shipments_one_forward_idx")
      .on(t.orderId)
      .where(sql`${t.direction} = 'forward' and ${t.returnId} is null and ${t.status} <> 'cancelled'`),
    // One live parcel per return request and direction: a second click books nothing more.
    uniqueIndex("shipments_one_per_return_idx")
      .on(t.returnId, t.direction)
      .where(sql`${t.returnId} is not null and ${t.status} <> 'cancelled'`),
  ],
);

/** What the courier reported of a shipment, once per provider event: a replayed webhook adds nothing. */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    /** The provider's event, as unique as it makes it (AWB, status and time for Shiprocket). */
    eventKey: text("event_key").notNull(),
    /** Our state for it; null when the provider's status is one we do not map. */
    status: shipmentStatus("status"),
    rawStatus: text("raw_status").notNull(),
    location: text("location"),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /**
     * The customs step the carrier's adapter read in this event (decision 086), null for any other: the shopper's
     * tracking says it without reading the courier's words. Export clearance keeps the shipping bill DHL gave.
     */
    customsStep: customsStep("customs_step"),
    shippingBillNumber: text("shipping_bill_number"),
    shippingBillDate: date("shipping_bill_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("shipment_events_key_idx").on(t.shipmentId, t.eventKey)],
);

/** The order's own live parcel (not a return's pickup nor an exchange's, not a cancelled booking). */
export const orderParcelOf = (orderId: number) =>
  and(
    eq(shipments.orderId, orderId),
    eq(shipments.direction, "forward"),
    isNull(shipments.returnId),
    ne(shipments.status, "cancelled"),
  );
