import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ServiceLog } from "../../log";
import { courierRefusal } from "./failures";
import { ShippingProviderError, type ShippingProvider } from "./provider";
import { SHIPMENT_PROGRESS } from "./status-map";
import { orderParcelOf, shipments } from "./tables";

/**
 * After the seller cancels an order that has a parcel (its transaction committed): the courier is asked to
 * call the parcel back (decision 059): cancelled if not picked up yet, returned to the seller if on its way.
 * Its webhooks then report which, and the pieces come back on the shelf when the parcel does. A courier that
 * refuses or cannot be reached leaves the reason on the parcel, for the seller to ask again. Answers the
 * problem in the seller's words, or null (asked, or nothing to call back).
 */
export async function recallParcel(
  db: Db,
  carrierNamed: (name: string) => ShippingProvider | null,
  log: ServiceLog,
  orderId: number,
): Promise<string | null> {
  const [parcel] = await db
    .select()
    .from(shipments)
    .where(and(orderParcelOf(orderId), isNotNull(shipments.awb)));
  // Delivered, or already coming back: nothing to call back.
  if (!parcel?.awb || SHIPMENT_PROGRESS[parcel.status] >= SHIPMENT_PROGRESS.rto_initiated) return null;
  let problem: string | null = null;
  const courier = carrierNamed(parcel.provider);
  try {
    if (!courier) throw new Error("no courier is configured");
    await courier.cancelShipment(parcel.awb);
  } catch (err) {
    problem =
      err instanceof ShippingProviderError
        ? courierRefusal(err, `calling parcel ${parcel.awb} back`).message
        : `The courier was not asked to call parcel ${parcel.awb} back: ${err instanceof Error ? err.message : String(err)}.`;
    log.warn({ err, orderId, awb: parcel.awb }, "parcel not called back");
  }
  await db
    .update(shipments)
    .set({
      ...(problem === null && { recallRequestedAt: sql`now()` }),
      recallError: problem,
      updatedAt: sql`now()`,
    })
    .where(eq(shipments.id, parcel.id));
  return problem;
}
