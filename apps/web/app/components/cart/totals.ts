import { isCashOnDeliveryAllowed, shippingFee, type CartResponse, type Currency } from "@store/shared";

export type CartTotals = {
  currency: Currency;
  /** Pieces in the cart. */
  count: number;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** Cash on delivery as it will be asked for: only ever true in INR. */
  cashOnDelivery: boolean;
};

/**
 * The cart page's totals from the server's numbers (subtotal, the promo's discount) and the shared
 * shipping rule (39 with cash on delivery in INR, else free). Nothing is priced here; the order's amount
 * is computed again by the server.
 */
export function cartTotals(cart: Pick<CartResponse, "currency" | "count" | "subtotal">, discount: number, cod: boolean): CartTotals {
  const cashOnDelivery = cod && isCashOnDeliveryAllowed(cart.currency);
  const applied = Math.min(Math.max(discount, 0), cart.subtotal);
  const shipping = shippingFee(cart.currency, cashOnDelivery);
  return {
    currency: cart.currency,
    count: cart.count,
    subtotal: cart.subtotal,
    discount: applied,
    shipping,
    total: cart.subtotal - applied + shipping,
    cashOnDelivery,
  };
}
