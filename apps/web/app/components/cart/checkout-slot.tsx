import { CheckoutPanel } from "../checkout/checkout-panel";

export const CHECKOUT_SLOT_ID = "checkout";

/**
 * Where the checkout (delivery form, payment choice: issue 5) goes once 'CLICK TO CONTINUE' is pressed.
 * It sits inside the cart page's CheckoutDraftProvider, so its content can call useCheckoutDraft().
 */
export function CheckoutSlot() {
  return (
    <section id={CHECKOUT_SLOT_ID} aria-label="Checkout" tabIndex={-1} className="mt-12 outline-none">
      <CheckoutPanel />
    </section>
  );
}
