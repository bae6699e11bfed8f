import { lazy, Suspense } from "react";
import { Skeleton } from "../ui/skeleton";

export const CHECKOUT_SLOT_ID = "checkout";

/**
 * The checkout (delivery form, payment, and the API's order schema with zod; decision 045) loads when
 * the shopper heads for 'CLICK TO CONTINUE' (pointer over or focus in the order summary, a touch) or presses
 * it, not with the cart page: the first load of every page stays under 130 KB (issue 18). import() keeps
 * the module once loaded.
 */
export const loadCheckout = () => import("../checkout/checkout-panel");

const CheckoutPanel = lazy(() => loadCheckout().then((module) => ({ default: module.CheckoutPanel })));

/**
 * Where the checkout (delivery form, payment choice: issue 5) goes once 'CLICK TO CONTINUE' is pressed.
 * It sits inside the cart page's CheckoutDraftProvider, so its content can call useCheckoutDraft().
 */
export function CheckoutSlot() {
  return (
    <section id={CHECKOUT_SLOT_ID} aria-label="Checkout" tabIndex={-1} className="mt-12 outline-none">
      <Suspense
        fallback={
          <div role="status" aria-label="Loading the checkout">
            <Skeleton className="h-96 w-full rounded-3xl" />
          </div>
        }
      >
        <CheckoutPanel />
      </Suspense>
    </section>
  );
}
