import type { PaymentMethod } from "@store/shared";

/** The shopper's words for how an order is paid (the admin screens have their own). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  razorpay: "Card, UPI or net banking",
  paypal: "PayPal",
  cod: "Cash on delivery",
};

export const orderPath = (id: number) => `/account/orders/${id}`;

export function piecesText(count: number): string {
  return `${count} ${count === 1 ? "piece" : "pieces"}`;
}
