import { isCashOnDeliveryAllowed, orderTotal, type CartResponse, type Currency } from "@store/shared";

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
 * order-total formula (39 shipping with cash on delivery in INR, else free). Nothing is priced here; the order's amount
 * is computed again by the server.
 */
export function cartTotals(
  cart: Pick<CartResponse, "currency" | "count" | "subtotal">,
  discount: number,
  cod: boolean,
): CartTotals {
  const cashOnDelivery = cod && isCashOnDeliveryAllowed(cart.currency);
  // No method is chosen on the cart page: only the cash-on-delivery box changes the total here.
  const figures = orderTotal({
    currency: cart.currency,
    subtotal: cart.subtotal,
    discount,
    method: cashOnDelivery ? "cod" : null,
  });
  return {
    currency: cart.currency,
    count: cart.count,
    subtotal: cart.subtotal,
    discount: figures.discount,
    shipping: figures.shipping,
    total: figures.total,
    cashOnDelivery,
  };
}
