import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { issueCreditNote } from "../invoices/credit";
import { recordShippingBill } from "../invoices/shipping-bills";
import { queueShipmentNotice } from "../orders/shipment-notices";
import {
  flagDeliveredAfterCancel,
  markCancelledParcelBack,
  markDelivered,
  markReturnedToOrigin,
  readOrder,
} from "../orders/shipping-steps";
import type { TrackingUpdate } from "./provider";
import { closeFailedAttempts, recordFailedAttempt } from "./ndr";
import { SHIPMENT_PROGRESS } from "./status-map";
import { shipmentEvents, shipments } from "./tables";

type ShipmentRow = typeof shipments.$inferSelect;

export type TrackingOutcome = { known: false } | { known: true; duplicate: boolean; applied: boolean };

/**
 * Whether an update moves the shipment: never out of an end (delivered, returned, cancelled), never back
 * to an earlier step (a late webhook), and to a step of the same rank (out for delivery again after a
 * failed attempt) only when it is newer than what we have.
 */
function moves(shipment: ShipmentRow, update: TrackingUpdate): boolean {
  if (!update.status || update.status === shipment.status) return false;
  const now = SHIPMENT_PROGRESS[shipment.status];
  const next = SHIPMENT_PROGRESS[update.status];
  if (now >= 9) return false;
  return next > now || (next === now && update.at >= shipment.statusAt);
}

/** What the order does when its forward parcel reaches a step, with the shopper's notice. */
async function followOrder(tx: Tx, shipment: ShipmentRow, update: TrackingUpdate, now: Date): Promise<void> {
  // Return pickups and exchanges' parcels are the returns flow's: the order stays as it is.
  if (shipment.direction !== "forward" || shipment.returnId !== null || !update.status) return;
  // Found by its AWB, so it has one; the event's time starts the return window of a delivery.
  const details = {
    awb: shipment.awb ?? update.awb,
    trackingUrl: shipment.trackingUrl ?? "",
    courier: shipment.courier ?? "the courier",
    at: update.at,
  };
  const note = `${update.rawStatus}${update.location ? ` (${update.location})` : ""}`;
  const order = await readOrder(tx, shipment.orderId);
  // The order was cancelled after it shipped: its parcel comes back to the seller, or arrives all the same.
  if (order?.status === "cancelled" || order?.status === "refunded") {
    if (update.status === "rto_delivered" || update.status === "cancelled")
      await markCancelledParcelBack(tx, shipment.orderId, `Parcel back with the seller: ${note}`);
    else if (update.status === "delivered")
      await flagDeliveredAfterCancel(
        tx,
        shipment.orderId,
        `Delivered by ${shipment.courier ?? "the courier"}: ${note}`,
      );
    return;
  }
  if (update.status === "out_for_delivery") {
    if (order?.status === "shipped") await queueShipmentNotice(tx, order, "out_for_delivery", details);
  } else if (update.status === "delivered") {
    const order = await markDelivered(
      tx,
      shipment.orderId,
      `Delivered by ${shipment.courier ?? "the courier"}: ${note}`,
    );
    if (order) await queueShipmentNotice(tx, order, "delivered", details);
  } else if (update.status === "rto_delivered") {
    const back = await markReturnedToOrigin(tx, shipment.orderId, `Returned to origin: ${note}`);
    if (!back) return;
    // Nothing was sold: the whole invoice (what is left of it) is credited. A cash-on-delivery order was
    // never paid; a prepaid one is refunded by the seller from the back office (refunded is open from here).
    await issueCreditNote(tx, shipment.orderId, { kind: "remainder", reason: "Returned to origin", feeMinor: 0 }, now);
    await queueShipmentNotice(tx, back.order, "returned_to_origin", details);
  }
}

/**
 * The order's own parcel failed a delivery (an NDR, decision 090): one row per courier event, the shopper asked.
 * Delivered or on its way back: what was still open closes. A parcel already at an end asks nothing.
 */
async function followFailedAttempts(tx: Tx, shipment: ShipmentRow, update: TrackingUpdate, now: Date) {
  if (shipment.direction !== "forward" || shipment.returnId !== null) return;
  if (update.status === "undelivered" && SHIPMENT_PROGRESS[shipment.status] <= SHIPMENT_PROGRESS.undelivered)
    await recordFailedAttempt(tx, shipment, update, now);
  else if (update.status === "delivered" || update.status === "rto_initiated" || update.status === "rto_delivered")
    await closeFailedAttempts(tx, shipment.id, now);
}

/**
 * One tracking update (a webhook) applied under the shipment's row lock: recorded once per provider event
 * (a replay finds its key and changes nothing), the shipment moved when the update is news, and the order
 * following it (delivered, returned to origin) in the same transaction; an export clearance's shipping bill is
 * written on the export invoice. An AWB we never booked is ignored.
 */
export async function applyTrackingUpdate(
  db: Db,
  provider: string,
  update: TrackingUpdate,
  now = new Date(),
): Promise<TrackingOutcome> {
  return db.transaction(async (tx) => {
    const [shipment] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.provider, provider), eq(shipments.awb, update.awb)))
      .for("update");
    if (!shipment) return { known: false as const };
    const inserted = await tx
      .insert(shipmentEvents)
      .values({
        shipmentId: shipment.id,
        eventKey: update.eventKey,
        status: update.status,
        rawStatus: update.rawStatus,
        location: update.location,
        at: update.at,
        customsStep: update.customsStep ?? null,
        shippingBillNumber: update.shippingBill?.number ?? null,
        shippingBillDate: update.shippingBill?.date ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: shipmentEvents.id });
    if (inserted.length === 0) return { known: true as const, duplicate: true, applied: false };
    // Export clearance: the shipping bill goes on the export invoice (GSTR-1 table 6A), whatever the step.
    if (update.shippingBill && shipment.direction === "forward" && shipment.returnId === null)
      await recordShippingBill(tx, shipment.orderId, update.shippingBill);
    await followFailedAttempts(tx, shipment, update, now);
    if (!moves(shipment, update)) return { known: true as const, duplicate: false, applied: false };
    await tx
      .update(shipments)
      .set({ status: update.status!, statusAt: update.at, updatedAt: sql`now()` })
      .where(eq(shipments.id, shipment.id));
    await followOrder(tx, shipment, update, now);
    return { known: true as const, duplicate: false, applied: true };
  });
}
