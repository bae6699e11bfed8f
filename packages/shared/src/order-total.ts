import { cashOnDeliveryFee } from "./checkout";
import type { Currency } from "./constants";
import { endInNine, toMinorUnits } from "./money";
import type { PaymentMethod } from "./schemas/checkout";

export type OrderTotalInput = {
  currency: Currency;
  /** The cart's subtotal in major units, as the server priced it. */
  subtotal: number;
  /** The promo's discount in major units (0 without a promo). */
  discount: number;
  /** The payment method, or null while none is chosen (the cart page, before cash on delivery is ticked). */
  method: PaymentMethod | null;
  /**
   * The chosen shipping method's own fee for this parcel in major units (`ShippingMethod.fee`, from the
   * seller's fees); 0, the spec's free standard shipping, when absent (the cart page, before an address).
   */
  shippingFee?: number;
  /**
   * Import duties and taxes the seller collects with the order (delivered duty paid, decision 081), in major
   * units, as the server's estimate priced them; 0, paid to the carrier at delivery, when absent.
   */
  duties?: number;
};

export type OrderTotal = {
  /** The discount as applied: never below 0, never more than the subtotal. */
  discount: number;
  /** The shipping method's fee plus cash on delivery's: one "Shipping" line, as the spec shows it. */
  shipping: number;
  /** How much the wallet's INR "end in 9" added (0 otherwise). */
  rounding: number;
  /** The import duties and taxes collected with the order (0 unless delivered duty paid). */
  duties: number;
  /** What the shopper pays, in major units. */
  total: number;
};

/**
 * The one order-total formula, used by the cart page, the checkout panel and the server's quote so that
 * they cannot drift apart: subtotal less the discount, plus shipping (the shipping method's fee and cash on
 * delivery's), plus the import duties collected for a delivered-duty-paid destination, and (spec section 7) a
 * wallet order in INR raised to end in 9, the server booking the difference.
 */
export function orderTotal(input: OrderTotalInput): OrderTotal {
  const { currency, subtotal, discount, method, shippingFee = 0, duties = 0 } = input;
  const applied = Math.min(Math.max(discount, 0), subtotal);
  const shipping = shippingFee + (method === "cod" ? cashOnDeliveryFee(currency) : 0);
  const collected = Math.max(duties, 0);
  const exact = subtotal - applied + shipping + collected;
  const total = method === "paypal" && currency === "INR" ? endInNine(exact) : exact;
  return { discount: applied, shipping, rounding: total - exact, duties: collected, total };
}

/** The spec's `amount` for create-order: minor units (x100) for the card, major units otherwise. */
export function createOrderAmount(method: PaymentMethod, total: number): number {
  return method === "razorpay" ? toMinorUnits(total) : total;
}

/**
 * How an order's total is paid when the shopper's store credit paid part of it (decision 088), in minor units:
 * the credit still paying (never more than the total, which cancelled pieces may have brought below it) and the
 * rest, paid by the method (what the courier collects for cash on delivery).
 */
export function paidWithStoreCredit(totalMinor: number, storeCreditMinor: number): { credit: number; rest: number } {
  const credit = Math.min(Math.max(storeCreditMinor, 0), totalMinor);
  return { credit, rest: totalMinor - credit };
}
