import { RETURN_WINDOW_HOURS } from "@store/shared";
import { withoutPieces } from "../orders/cancel-lines";

/** The policy's window: 48 hours from the moment the courier reported the parcel delivered. */
export function returnWindowClosesAt(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_HOURS * 3_600_000);
}

/**
 * What returned pieces give back: their value at the prices paid, less their share of the promo discount
 * (the same share a cancellation takes, decision 023). Delivery and the wallet's rounding were for the
 * parcel, which did arrive, and stay with the shop. The share is taken of every piece returned so far
 * (`returnedBeforeMinor`, earlier requests' value) less what those took, so returns one piece at a time add
 * up to the same as one return of them all: rounding each alone could refund more than was paid.
 */
export function refundOfPieces(
  order: { subtotal: number; discount: number; total: number },
  valueMinor: number,
  returnedBeforeMinor = 0,
): number {
  const shareOf = (value: number) => withoutPieces(order, value).removedDiscount;
  return valueMinor - (shareOf(returnedBeforeMinor + valueMinor) - shareOf(returnedBeforeMinor));
}

/** "UPI asha@okaxis" or "Bank account ending 4321 (SBIN0001234)": enough for the seller's list, little to leak. */
export function maskedDestination(
  to: { method: "upi"; upi_id: string } | { method: "bank"; account_number: string; ifsc: string } | null,
): string | null {
  if (!to) return null;
  return to.method === "upi" ? `UPI ${to.upi_id}` : `Bank account ending ${to.account_number.slice(-4)} (${to.ifsc})`;
}
