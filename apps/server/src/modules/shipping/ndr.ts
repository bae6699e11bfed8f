import { randomBytes } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { NDR_REASON_LABELS, type NdrReason } from "@store/shared";
import type { Tx } from "../../db/client";
import { queueFailedDeliveryNotice } from "../orders/delivery-failed-notice";
import { readOrder } from "../orders/shipping-steps";
import { failedDeliveries } from "./ndr-tables";
import type { TrackingUpdate } from "./provider";
import type { shipments } from "./tables";

/** How long the shopper's link answers: couriers try again within days and return the parcel after about three tries. */
export const NDR_LINK_HOURS = 72;

/**
 * The courier's words for a failed attempt as one of our reasons. Couriers write them freely ("Consignee not
 * available", "CNA - door locked", "Address incomplete"); the order matters (a refusal is checked first).
 */
const REASONS: [RegExp, NdrReason][] = [
  [/refus|reject|not accept|denied/i, "refused"],
  [/future|reschedul|another day|later date|next day/i, "reschedule"],
  [/address|incomplete|incorrect|wrong|not found|unlocatable/i, "address_incomplete"],
  [/not available|unavailable|door locked|not reachable|not contactable|\bcna\b|no response/i, "not_available"],
];

export function ndrReasonOf(remark: string | null | undefined): NdrReason {
  return REASONS.find(([pattern]) => pattern.test(remark ?? ""))?.[1] ?? "other";
}

export const ndrAnswerPath = (row: { id: number; token: string }) => `/delivery/${row.id}?token=${row.token}`;

/**
 * A failed delivery attempt reported by the courier, in the tracking update's transaction (after its event was
 * recorded as new, so a replay never reaches here; the unique index on the event key holds it too): one row,
 * the earlier attempt still open superseded, and the shopper's notice with the link to answer.
 */
export async function recordFailedAttempt(
  tx: Tx,
  shipment: typeof shipments.$inferSelect,
  update: TrackingUpdate,
  now: Date,
): Promise<void> {
  // A parcel called back (its order cancelled) is the seller's already: nobody is asked.
  const order = await readOrder(tx, shipment.orderId);
  if (order?.status !== "shipped") return;
  const [{ earlier = 0 } = {}] = await tx
    .select({ earlier: count() })
    .from(failedDeliveries)
    .where(eq(failedDeliveries.shipmentId, shipment.id));
  await tx
    .update(failedDeliveries)
    .set({ resolution: "superseded", resolvedAt: now })
    .where(and(eq(failedDeliveries.shipmentId, shipment.id), isNull(failedDeliveries.resolution)));
  const reason = ndrReasonOf(update.remark);
  const [row] = await tx
    .insert(failedDeliveries)
    .values({
      shipmentId: shipment.id,
      orderId: shipment.orderId,
      eventKey: update.eventKey,
      attempt: earlier + 1,
      reason,
      courierRemark: update.remark ?? null,
      attemptedAt: update.at,
      token: randomBytes(24).toString("base64url"),
      linkExpiresAt: new Date(now.getTime() + NDR_LINK_HOURS * 3_600_000),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return;
  await queueFailedDeliveryNotice(tx, order, {
    attempt: row.attempt,
    reasonText: NDR_REASON_LABELS[reason],
    answerPath: ndrAnswerPath(row),
  });
}

/** The parcel was delivered or is going back: its failed attempts left open need nobody's answer any more. */
export async function closeFailedAttempts(tx: Tx, shipmentId: number, now: Date): Promise<void> {
  await tx
    .update(failedDeliveries)
    .set({ resolution: "closed", resolvedAt: now })
    .where(
      and(
        eq(failedDeliveries.shipmentId, shipmentId),
        isNull(failedDeliveries.resolution),
        isNull(failedDeliveries.actionClaimedAt),
      ),
    );
}
