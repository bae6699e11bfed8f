import { eq, sql } from "drizzle-orm";
import { RETURN_STATUS_LABELS, type ReturnParcelSent } from "@store/shared";
import type { Tx } from "../../db/client";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import { sentByShopper } from "./abroad";
import { lockReturn, type ReturnRow } from "./review";
import { returnRequests } from "./tables";

/**
 * The shopper of an order abroad tells us the parcel they sent back: its carrier and tracking number, which they
 * may correct until the parcel arrives. Only for their own order's approved return from abroad.
 */
export async function recordShopperParcel(
  tx: Tx,
  orderId: number,
  returnId: number,
  parcel: ReturnParcelSent,
  now: Date,
): Promise<ReturnRow> {
  const { request, order } = await lockReturn(tx, returnId);
  if (request.orderId !== orderId) throw notFound("Return request");
  if (!sentByShopper(order))
    throw new AppError(
      "conflict",
      "The courier picks this return up within India: there is no parcel for you to send.",
      "RETURN_PICKED_UP",
    );
  if (request.status !== "approved")
    throw new AppError(
      "conflict",
      request.status === "requested"
        ? "Wait until we approve your return before sending the parcel."
        : `This return is "${RETURN_STATUS_LABELS[request.status]}": its parcel can no longer be changed.`,
      "RETURN_STEP_NOT_ALLOWED",
    );
  const change = { shopperCarrier: parcel.carrier, shopperTracking: parcel.tracking_number, shopperSentAt: now };
  await tx
    .update(returnRequests)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(returnRequests.id, returnId));
  return { ...request, ...change };
}
