import type { PaymentMethod } from "@store/shared";

/** The shopper's words for how an order is paid (the admin screens have their own). */
const PAYMENT_METHOD_LABELS: Record<string, string> = {
  razorpay: "Card, UPI or net banking",
  paypal: "PayPal",
  cod: "Cash on delivery",
  store_credit: "Store credit",
  bank_transfer: "Bank transfer",
};

/** Another registered provider (decision 065) is shown by its name until it is given words here. */
export const paymentMethodLabel = (method: PaymentMethod) => PAYMENT_METHOD_LABELS[method] ?? method;

export const orderPath = (id: number) => `/account/orders/${id}`;

export function piecesText(count: number): string {
  return `${count} ${count === 1 ? "piece" : "pieces"}`;
}
