import { asc, desc, eq, inArray } from "drizzle-orm";
import { SHIPMENT_STATUS_LABELS, type ShipmentView } from "@store/shared";
import type { Db } from "../../db/client";
import { shipmentEvents, shipments } from "./tables";

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
