import { eq, sql } from "drizzle-orm";
import { ORDER_STATUS_LABELS } from "@store/shared";
import type { Tx } from "../../db/client";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import { orderEvents, orders } from "./tables";
import { lockOrder } from "./transitions";

/**
 * A shipped order's tracking number corrected (a typo, a re-booked parcel): not a status change, but kept in
 * the order's history (an event from shipped to shipped) as well as the caller's audit. Answers the number it
 * replaced, or null when nothing changed (the same number again).
 */
export async function correctTracking(
  tx: Tx,
  id: number,
  trackingNumber: string,
  note: string | undefined,
): Promise<{ before: string | null } | null> {
  const order = await lockOrder(tx, id);
  if (!order) throw notFound("Order");
  if (order.status !== "shipped") {
    throw new AppError(
      "conflict",
      `Only a shipped order's tracking number can be corrected; this order is "${ORDER_STATUS_LABELS[order.status]}".`,
      "NOT_SHIPPED",
    );
  }
  if (order.trackingNumber === trackingNumber) return null;
  await tx
    .update(orders)
    .set({ trackingNumber, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
  await tx.insert(orderEvents).values({
    orderId: id,
    fromStatus: "shipped",
    toStatus: "shipped",
    note: `Tracking number corrected from ${order.trackingNumber ?? "none"} to ${trackingNumber}${note ? `: ${note}` : ""}`,
    data: { by: "admin", kind: "tracking_corrected", before: order.trackingNumber, after: trackingNumber },
  });
  return { before: order.trackingNumber };
}
