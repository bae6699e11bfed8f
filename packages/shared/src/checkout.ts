import { COD_SHIPPING_FEE_INR, type Currency } from "./constants";

/** Cash on delivery is offered only in INR (spec section 1); the checkout refuses it otherwise. */
export function isCashOnDeliveryAllowed(currency: Currency): boolean {
  return currency === "INR";
}

/**
 * The cash-on-delivery payment method's fee (the spec's 39 rupees), shown and charged as shipping beside
 * the shipping method's own fee. COD in USD is never charged a fee because it is never accepted.
 */
export function cashOnDeliveryFee(currency: Currency): number {
  return isCashOnDeliveryAllowed(currency) ? COD_SHIPPING_FEE_INR : 0;
}
