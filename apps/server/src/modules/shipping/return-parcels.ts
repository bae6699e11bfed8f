import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import { isUniqueViolation } from "../../lib/failures";
import { readOrder } from "../orders/shipping-steps";
import { courierRefusal } from "./failures";
import { parcelWith, type ParcelPiece } from "./parcel";
import type { ShippingProvider } from "./provider";
import { recordBooking, type BookedParcel as CourierAnswer } from "./book";
import { shipments } from "./tables";

export interface ReturnParcelRequest {
  orderId: number;
  returnId: number;
  /** `return`: the courier picks the pieces up from the shopper; `forward`: an exchange's new size goes to them. */
  direction: "return" | "forward";
  pieces: readonly ParcelPiece[];
}

export interface BookedParcel {
  awb: string;
  courier: string;
  trackingUrl: string;
}

/**
 * A parcel for a return request, booked like the order's own (book.ts): a claim row first (one live parcel
 * per request and direction, so a second click books nothing), then the courier outside any transaction,
 * then the AWB recorded. A courier that refuses or is down removes the claim and says why. The order's
 * status does not move: the returns flow follows these parcels.
 */
export async function bookReturnParcel(
  db: Db,
  provider: ShippingProvider,
  pickupLocation: string,
  request: ReturnParcelRequest,
): Promise<BookedParcel> {
  const what = request.direction === "return" ? "the return pickup" : "the exchange's parcel";
  const order = await readOrder(db, request.orderId);
  if (!order) throw refusal("not_found", "ORDER_NOT_FOUND", `Order ${request.orderId} was not found.`);
  let claimId: number;
  try {
    const [claim] = await db
      .insert(shipments)
      .values({
        orderId: request.orderId,
        returnId: request.returnId,
        direction: request.direction,
        provider: provider.name,
        isTest: provider.simulated,
      })
      .returning({ id: shipments.id });
    claimId = claim!.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw refusal("conflict", "ALREADY_BOOKED", `${what} of request ${request.returnId} is already booked.`);
  }

  const prefix = request.direction === "return" ? "R" : "X";
  const value = request.pieces.reduce((sum, p) => sum + p.unitPrice * p.quantity, 0);
  const parcel = await parcelWith(db, order, pickupLocation, `${prefix}${request.returnId}`, request.pieces, {
    cod: false,
    amountMinor: value,
  });
  let booked: CourierAnswer;
  try {
    const created =
      request.direction === "return" ? await provider.bookReturnPickup(parcel) : await provider.createShipment(parcel);
    booked = { ...created, ...(await provider.assignAwb(created.shipmentId)) };
  } catch (err) {
    await db.delete(shipments).where(eq(shipments.id, claimId));
    throw courierRefusal(err, `booking ${what} of request ${request.returnId}`);
  }

  const trackingUrl = provider.trackingUrl(booked.awb);
  await db.transaction((tx) => recordBooking(tx, claimId, booked, trackingUrl));
  return { awb: booked.awb, courier: booked.courier, trackingUrl };
}
