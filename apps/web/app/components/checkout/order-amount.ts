import { createOrderAmount, orderTotal, type OrderTotalInput, type PaymentMethod } from "@store/shared";

/**
 * The server's numbers the cart page already shows (its subtotal, the promo's validated discount), and the
 * fee of the shipping method chosen at checkout, as the server's fees price it (none, the spec's standard
 * shipping, when absent).
 */
export type CartFigures = Omit<OrderTotalInput, "method">;

export type OrderAmount = {
  /** What the shopper pays, in major units (the wallet's INR total raised to end in 9). */
  charged: number;
  /** The spec's `amount` for create-order: minor units (x100) for the card, major units otherwise. */
  amount: number;
  /** How much the wallet's "end in 9" added (major units; 0 otherwise). */
  rounding: number;
};

/**
 * The amount create-order expects, from the cart's server-computed figures and the shared order-total formula.
 * Nothing is priced here: the server recomputes the total and refuses a different one (AMOUNT_MISMATCH).
 */
export function orderAmount(method: PaymentMethod, figures: CartFigures): OrderAmount {
  const { total, rounding } = orderTotal({ ...figures, method });
  return { charged: total, amount: createOrderAmount(method, total), rounding };
}
