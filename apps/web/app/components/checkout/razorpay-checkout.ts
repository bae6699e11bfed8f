import { SELLER, type CardOrderResponse } from "@store/shared";
import type { RazorpayPayment } from "./provider-sdk";

export type CardCheckoutEvents = {
  paid: (payment: RazorpayPayment) => void;
  failed: () => void;
  dismissed: () => void;
};

export type Shopper = { name: string; email: string; contact: string };

/**
 * Opens Razorpay's checkout (or the simulator's, same API) for the order create-order answered; the
 * provider's order id is at data.data.id (spec section 7). Throws when the script has not loaded.
 */
export function openRazorpay(order: CardOrderResponse, shopper: Shopper, events: CardCheckoutEvents): void {
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error("Razorpay's checkout script is not loaded");
  const { data, key, order_id } = order.data;
  const checkout = new Razorpay({
    key,
    amount: data.amount,
    currency: data.currency,
    order_id: data.id,
    name: SELLER.brand,
    description: `Order #${order_id}`,
    handler: events.paid,
    modal: { ondismiss: events.dismissed },
    // Empty values are left out: Razorpay would show them as blank, pre-filled fields.
    prefill: Object.fromEntries(Object.entries(shopper).filter(([, value]) => value)),
  });
  checkout.on("payment.failed", events.failed);
  checkout.open();
}
