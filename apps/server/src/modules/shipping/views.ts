import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import {
  customsHoldAdvice,
  recalledParcel,
  SHIPMENT_STATUS_LABELS,
  type CustomsStep,
  type OrderTimelineEntry,
  type ShipmentStatus,
  type ShipmentView,
} from "@store/shared";
import type { Db } from "../../db/client";
import { orderParcelOf, shipmentEvents, shipments } from "./tables";

/** The courier of the order's own parcel, once one is booked: the e-way bill's transporter. */
export async function courierOfOrder(db: Db, orderId: number): Promise<string | null> {
  const [parcel] = await db
    .select({ courier: shipments.courier })
    .from(shipments)
    .where(and(orderParcelOf(orderId), isNotNull(shipments.courier)));
  return parcel?.courier ?? null;
}

/** An order's shipments, newest first, each with its events in the courier's order of time. */
export async function shipmentsOfOrder(db: Db, orderId: number): Promise<ShipmentView[]> {
  const rows = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(desc(shipments.id));
  const events =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(shipmentEvents)
          .where(
            inArray(
              shipmentEvents.shipmentId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
  return rows.map((s) => ({
    id: s.id,
    direction: s.direction,
    provider: s.provider,
    awb: s.awb,
    courier: s.courier,
    tracking_url: s.trackingUrl,
    status: s.status,
    status_label: SHIPMENT_STATUS_LABELS[s.status],
    pickup_requested_at: s.pickupRequestedAt?.toISOString() ?? null,
    recall_requested_at: s.recallRequestedAt?.toISOString() ?? null,
    recall_error: s.recallError,
    created_at: s.createdAt.toISOString(),
    events: events
      .filter((e) => e.shipmentId === s.id)
      .map((e) => ({
        status: e.status,
        raw_status: e.rawStatus,
        location: e.location,
        at: e.at.toISOString(),
      })),
  }));
}

/** Courier steps the order's own timeline does not already say (shipped, delivered, returned are its steps). */
const SHOPPER_STEPS: readonly ShipmentStatus[] = [
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "undelivered",
  "rto_initiated",
];

/** An order abroad, as its customs steps name it (the orders module's `customs`); null within India. */
export interface ParcelAbroad {
  country: string;
  carrier: string;
  duties_paid: boolean;
}

/** "7 Dec 2026" for a shipping bill's day (YYYY-MM-DD). */
const BILL_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A customs step in plain words (decision 086), with what to do when the parcel is held. */
function customsEntry(
  event: typeof shipmentEvents.$inferSelect & { customsStep: CustomsStep },
  abroad: ParcelAbroad | null,
): OrderTimelineEntry {
  const at = event.at.toISOString();
  const country = abroad?.country ?? "the destination country";
  switch (event.customsStep) {
    case "export_cleared": {
      const bill = event.shippingBillNumber
        ? ` (shipping bill ${event.shippingBillNumber}${event.shippingBillDate ? ` of ${BILL_DAY.format(new Date(`${event.shippingBillDate}T00:00:00Z`))}` : ""})`
        : "";
      return { at, label: `Cleared export customs in India${bill}` };
    }
    case "import_arrived":
      return { at, label: `Arrived at customs in ${country}` };
    case "held":
      return {
        at,
        label: `Held at customs in ${country}: ${event.rawStatus}`,
        detail: customsHoldAdvice(abroad?.carrier ?? "The courier", abroad?.duties_paid ?? false),
      };
    case "released":
      return { at, label: `Released by customs in ${country}` };
  }
}

/**
 * For the shopper's order page: the order's own parcel (not a return's or an exchange's), its courier's
 * tracking link, and its steps for the timeline, each once (a parcel in transit reports many scans). A parcel
 * abroad also has its customs steps, each once, in the courier's order (decision 086).
 */
export async function shopperTracking(
  db: Db,
  orderId: number,
  abroad: ParcelAbroad | null = null,
): Promise<OrderTracking> {
  const [parcel] = await db
    .select()
    .from(shipments)
    .where(and(orderParcelOf(orderId), isNotNull(shipments.awb)));
  if (!parcel) return { tracking: null, courierSteps: [], recalled: null };
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, parcel.id))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
  const seen = new Set<string>();
  const courierSteps: OrderTimelineEntry[] = [];
  for (const event of events) {
    const { customsStep } = event;
    if (customsStep) {
      if (seen.has(`customs:${customsStep}`)) continue;
      seen.add(`customs:${customsStep}`);
      courierSteps.push(customsEntry({ ...event, customsStep }, abroad));
      continue;
    }
    if (!event.status || !SHOPPER_STEPS.includes(event.status) || seen.has(event.status)) continue;
    seen.add(event.status);
    const label = SHIPMENT_STATUS_LABELS[event.status];
    courierSteps.push({ at: event.at.toISOString(), label: event.location ? `${label} (${event.location})` : label });
  }
  return {
    tracking: { awb: parcel.awb!, courier: parcel.courier ?? "", url: parcel.trackingUrl },
    courierSteps,
    recalled: recalledParcel(parcel.recallRequestedAt !== null, parcel.status),
  };
}

export interface OrderTracking {
  tracking: { awb: string; courier: string; url: string | null } | null;
  courierSteps: OrderTimelineEntry[];
  /** The parcel called back after the order was cancelled: on its way back, back, or delivered all the same. */
  recalled: ReturnType<typeof recalledParcel>;
}
