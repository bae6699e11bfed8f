import { createContext, useContext, type ReactNode } from "react";
import type { CartTotals } from "./totals";

/** What the cart page has decided so far, for the checkout (delivery form and payment) to use. */
export type CheckoutDraft = {
  /** The applied promo code as the server spelled it; null when none applies (the order then sends 'Nil'). */
  promoCode: string | null;
  /** The applied promo's discount in major units of `totals.currency` (0 without one). */
  discount: number;
  /** Cash on delivery chosen (only ever true in INR). */
  cod: boolean;
  totals: CartTotals;
};

const CheckoutDraftContext = createContext<CheckoutDraft | null>(null);

export function CheckoutDraftProvider({ draft, children }: { draft: CheckoutDraft; children: ReactNode }) {
  return <CheckoutDraftContext value={draft}>{children}</CheckoutDraftContext>;
}

/**
 * For the checkout inside <CheckoutSlot>: the promo, COD choice and totals shown on the cart page. The
 * numbers are for display and for the request; the server computes the order's amount again.
 */
export function useCheckoutDraft(): CheckoutDraft {
  const draft = useContext(CheckoutDraftContext);
  if (!draft) throw new Error("useCheckoutDraft is only available inside the cart page's checkout slot");
  return draft;
}
