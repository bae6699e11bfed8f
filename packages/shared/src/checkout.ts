import { COD_SHIPPING_FEE_INR, type Currency } from "./constants";

/** Cash on delivery is offered only in INR (spec section 1); the checkout refuses it otherwise. */
export function isCashOnDeliveryAllowed(currency: Currency): boolean {
  return currency === "INR";
}

/**
 * The spec's shipping rule, shared by the cart page and the server's order total: 39 rupees with cash on
 * delivery in INR, otherwise free. COD in USD is never charged a fee because it is never accepted.
 */
export function shippingFee(currency: Currency, cashOnDelivery: boolean): number {
  return cashOnDelivery && isCashOnDeliveryAllowed(currency) ? COD_SHIPPING_FEE_INR : 0;
}
