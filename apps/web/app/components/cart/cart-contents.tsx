import type { CartResponse } from "@store/shared";
import { useState } from "react";
import { CartLine } from "./cart-line";
import { CheckoutDraftProvider, type CheckoutDraft } from "./checkout-draft";
import { CheckoutSlot, loadCheckout } from "./checkout-slot";
import { OrderSummary } from "./order-summary";
import { PromoBox } from "./promo-box";
import { cartTotals } from "./totals";
import { usePromo } from "./use-promo";

/** Lines whose picture a phone shows without scrolling: fetched at once, the rest as the shopper scrolls. */
const FIRST_SCREEN_LINES = 3;

/** The shopper heads for the continue button: fetch the checkout now, so pressing it shows the form at once. */
const preloadCheckout = () => void loadCheckout().catch(() => undefined);

const UNAVAILABLE = "Some pieces are no longer available as chosen. Please update them to continue.";

/**
 * A cart with lines: the items (with the server's duties notice for a shopper abroad), the order summary, and
 * the checkout slot once the shopper continues.
 */
export function CartContents({
  cart,
  abroad = false,
  dutiesNotice = null,
}: {
  cart: CartResponse;
  /** The shopper is outside India: shipping is priced at checkout, for the address. */
  abroad?: boolean;
  dutiesNotice?: string | null;
}) {
  const promo = usePromo(cart);
  const [cod, setCod] = useState(false);
  const [continued, setContinued] = useState(false);
  const totals = cartTotals(cart, promo.applied?.discount ?? 0, cod);
  const draft: CheckoutDraft = {
    promoCode: promo.applied?.code ?? null,
    discount: totals.discount,
    cod: totals.cashOnDelivery,
    totals,
  };

  return (
    <CheckoutDraftProvider draft={draft}>
      <div className="grid grid-cols-1 items-start gap-10 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-labelledby="cart-items-heading">
          <h2 id="cart-items-heading" className="sr-only">
            Items in your cart
          </h2>
          <ul className="divide-y divide-linen border-y border-linen">
            {cart.data.map((item, index) => (
              <CartLine key={item.id} item={item} firstScreen={index < FIRST_SCREEN_LINES} />
            ))}
          </ul>
          {/* Duties abroad (decision 081): the checkout says it again with its country, so it gives way there. */}
          {dutiesNotice && !continued && (
            <p data-testid="duties-notice" className="mt-6 rounded-xl bg-linen/60 px-4 py-3 text-sm text-charcoal">
              {dutiesNotice}
            </p>
          )}
        </section>
        <div
          className="lg:sticky lg:top-24"
          onPointerEnter={preloadCheckout}
          onFocus={preloadCheckout}
          onTouchStart={preloadCheckout}
        >
          <OrderSummary
            totals={totals}
            shippingAtCheckout={abroad}
            promoCode={draft.promoCode}
            promo={
              <PromoBox
                applied={promo.applied}
                refusal={promo.refusal}
                pending={promo.pending}
                onApply={(code) => void promo.apply(code)}
                onRemove={promo.removePromo}
              />
            }
            cod={totals.cashOnDelivery}
            onCodChange={setCod}
            continued={continued}
            onContinue={() => setContinued(true)}
            blockedReason={cart.data.every((item) => item.available) ? null : UNAVAILABLE}
          />
        </div>
      </div>
      {continued && <CheckoutSlot />}
    </CheckoutDraftProvider>
  );
}
