/**
 * The slices of Razorpay's checkout.js and PayPal's JS SDK the checkout uses. The simulator's widgets
 * (apps/server/.../simulator/widgets) implement the same API, so one code path serves both.
 */
export type RazorpayPayment = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };

export type RazorpayOptions = {
  key: string;
  /** Minor units. */
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  handler: (payment: RazorpayPayment) => void;
  modal: { ondismiss: () => void };
  prefill: { name?: string; email?: string; contact?: string };
};

export type RazorpayCheckout = {
  on(event: "payment.failed", callback: (response: { error?: { description?: string } }) => void): void;
  open(): void;
};

export type PayPalButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
};

export type PayPalButtons = { render(target: string | HTMLElement): Promise<void>; close?: () => Promise<void> };

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
    paypal?: { Buttons(options: PayPalButtonsOptions): PayPalButtons };
  }
}

const loading = new Map<string, Promise<void>>();

/**
 * Loads a provider's widget script once per page (the simulator's on our origin, or the real SDK). A
 * failed load is forgotten, so the next attempt tries again.
 */
export function loadProviderScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load the payment script ${src}`));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}
