import { MESSAGES, SELLER, type GiftCardPaid, type GiftCardPurchaseResponse } from "@store/shared";
import { useState } from "react";
import { api } from "../../lib/api";
import { loadProviderScript } from "../checkout/provider-sdk";

type Buyer = { name: string; email: string };
export type Payment =
  | { step: "idle" }
  | { step: "busy" }
  | { step: "wallet"; purchase: GiftCardPurchaseResponse }
  | { step: "done"; paid: GiftCardPaid };

/**
 * Pays a gift card bought on our server through its provider's widget, as checkout does: Razorpay's modal
 * (or the simulator's, same API), or PayPal's buttons; then the proof goes to the gift card's verify call.
 */
export function useGiftCardPayment() {
  const [payment, setPayment] = useState<Payment>({ step: "idle" });
  const [alert, setAlert] = useState<string | null>(null);

  async function verify(body: Record<string, string>) {
    setPayment({ step: "busy" });
    try {
      const paid = await api.post<GiftCardPaid>("/api/gift-cards/verify-payment", body);
      setPayment({ step: "done", paid });
    } catch (error) {
      setAlert(error instanceof Error ? error.message : MESSAGES.verificationFailed);
      setPayment({ step: "idle" });
    }
  }

  async function start(purchase: GiftCardPurchaseResponse, buyer: Buyer) {
    setAlert(null);
    const src = new URL(purchase.script_url, window.location.origin);
    if (purchase.payment_method === "paypal") src.searchParams.set("currency", purchase.currency);
    await loadProviderScript(src.toString());
    if (purchase.payment_method !== "razorpay") return setPayment({ step: "wallet", purchase });
    const Razorpay = window.Razorpay;
    if (!Razorpay) throw new Error("Razorpay's checkout script is not loaded");
    const checkout = new Razorpay({
      key: purchase.key,
      amount: purchase.amount_minor,
      currency: purchase.currency,
      order_id: purchase.provider_order_id,
      name: SELLER.brand,
      description: "Gift card",
      handler: (paid) =>
        void verify({
          payment_method: "razorpay",
          order_id: paid.razorpay_order_id,
          payment_id: paid.razorpay_payment_id,
          signature: paid.razorpay_signature,
        }),
      modal: { ondismiss: () => setPayment((p) => (p.step === "busy" ? { step: "idle" } : p)) },
      prefill: { name: buyer.name, email: buyer.email },
    });
    checkout.on("payment.failed", () => setAlert(MESSAGES.paymentFailed));
    checkout.open();
  }

  return {
    payment,
    alert,
    setAlert,
    busy: () => setPayment({ step: "busy" }),
    idle: () => setPayment({ step: "idle" }),
    start,
    approveWallet: (orderID: string) => verify({ payment_method: "paypal", order_id: orderID }),
  };
}
