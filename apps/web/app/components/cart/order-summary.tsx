import { COD_SHIPPING_FEE_INR, formatMoney, isCashOnDeliveryAllowed } from "@store/shared";
import type { ReactNode } from "react";
import { CHECKOUT_SLOT_ID } from "./checkout-slot";
import type { CartTotals } from "./totals";
import { Button } from "../ui/button";

export const CONTINUE_LABEL = "CLICK TO CONTINUE";

/** Totals, the COD choice (INR only), and 'CLICK TO CONTINUE'. The promo box comes in as `promo`. */
export function OrderSummary({
  totals,
  shippingAtCheckout = false,
  promoCode,
  promo,
  cod,
  onCodChange,
  continued,
  onContinue,
  blockedReason,
}: {
  totals: CartTotals;
  /** Shipping abroad is priced for the address and method the checkout asks for: no figure here yet. */
  shippingAtCheckout?: boolean;
  promoCode: string | null;
  promo: ReactNode;
  cod: boolean;
  onCodChange: (cod: boolean) => void;
  continued: boolean;
  onContinue: () => void;
  /** Why the checkout cannot start yet (e.g. a line that sold out), or null. */
  blockedReason: string | null;
}) {
  const money = (amount: number) => formatMoney(amount, totals.currency);
  return (
    <section aria-labelledby="summary-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-linen sm:p-6">
      <h2 id="summary-heading" className="text-2xl font-semibold text-indigo-ink">
        Order summary
      </h2>
      <div className="mt-5">{promo}</div>
      {/* The floating chat button steps aside from the totals and the button (issue 40, point 7). */}
      <table data-keep-clear className="mt-6 w-full text-sm">
        <caption className="sr-only">Order totals</caption>
        <tbody className="[&_td]:py-1.5 [&_td]:text-right [&_td]:tabular-nums [&_th]:py-1.5 [&_th]:text-left [&_th]:font-normal">
          <tr>
            <th scope="row">
              Subtotal ({totals.count} {totals.count === 1 ? "piece" : "pieces"})
            </th>
            <td>{money(totals.subtotal)}</td>
          </tr>
          {totals.discount > 0 && (
            <tr className="text-sage">
              <th scope="row">Discount{promoCode && ` (${promoCode})`}</th>
              <td>−{money(totals.discount)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">Shipping</th>
            <td>
              {shippingAtCheckout ? "Calculated at checkout" : totals.shipping > 0 ? money(totals.shipping) : "Free"}
            </td>
          </tr>
          <tr className="border-t border-linen text-base font-semibold [&_td]:pt-3 [&_th]:pt-3 [&_th]:font-semibold">
            <th scope="row">{shippingAtCheckout ? "Total before shipping" : "Total"}</th>
            <td>{money(totals.total)}</td>
          </tr>
        </tbody>
      </table>
      {isCashOnDeliveryAllowed(totals.currency) && (
        <label className="mt-5 flex cursor-pointer items-start gap-3 rounded-xl border border-linen bg-cream/50 p-3 text-sm">
          <input
            type="checkbox"
            checked={cod}
            onChange={(event) => onCodChange(event.target.checked)}
            className="mt-0.5 h-4 w-4 accent-indigo-ink"
          />
          <span>
            <span className="font-semibold">Cash on Delivery</span>
            <span className="block text-charcoal/80">
              Pay when it arrives; shipping {formatMoney(COD_SHIPPING_FEE_INR, "INR")}.
            </span>
          </span>
        </label>
      )}
      <Button
        size="xl"
        className="mt-6 w-full tracking-wide"
        data-keep-clear
        onClick={onContinue}
        disabled={blockedReason !== null}
        aria-expanded={continued}
        aria-controls={continued ? CHECKOUT_SLOT_ID : undefined}
        aria-describedby={blockedReason ? "checkout-blocked" : undefined}
      >
        {CONTINUE_LABEL}
      </Button>
      {blockedReason && (
        <p id="checkout-blocked" className="mt-2 text-sm text-madder">
          {blockedReason}
        </p>
      )}
    </section>
  );
}
