import { endInNine, shippingFee, toMinorUnits, type Currency, type PaymentMethod } from "@store/shared";

/** The server's numbers the cart page already shows (its subtotal, the promo's validated discount). */
export type CartFigures = { currency: Currency; subtotal: number; discount: number };

export type OrderAmount = {
  /** What the shopper pays, in major units (the wallet's INR total raised to end in 9). */
  charged: number;
  /** The spec's `amount` for create-order: minor units (x100) for the card, major units otherwise. */
  amount: number;
  /** How much the wallet's "end in 9" added (major units; 0 otherwise). */
  rounding: number;
};

/**
 * The amount create-order expects, from the cart's server-computed figures and the shared shipping rule.
 * Nothing is priced here: the server recomputes the total and refuses a different one (AMOUNT_MISMATCH).
 */
export function orderAmount(method: PaymentMethod, { currency, subtotal, discount }: CartFigures): OrderAmount {
  const total = subtotal - Math.min(Math.max(discount, 0), subtotal) + shippingFee(currency, method === "cod");
  // Spec section 7: the wallet order in INR is rounded up to end in 9; the server books the difference.
  const charged = method === "paypal" && currency === "INR" ? endInNine(total) : total;
  return { charged, amount: method === "razorpay" ? toMinorUnits(charged) : charged, rounding: charged - total };
}
