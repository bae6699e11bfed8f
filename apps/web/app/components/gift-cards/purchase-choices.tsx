import { formatMoney, type Currency, type GiftCardProduct, type PaymentOptionsResponse } from "@store/shared";
import { useState } from "react";
import type { ApiState } from "../../lib/use-api-get";

const CHOICE =
  "flex cursor-pointer items-center gap-2 rounded-xl border border-charcoal/20 bg-white px-4 py-3 has-[:checked]:border-indigo-ink has-[:checked]:ring-2 has-[:checked]:ring-indigo-ink/20";

/** The card's fixed amounts as radios, and "Another amount" with its box when the card has a range. */
export function AmountChoice({
  product,
  error,
  onEdit,
}: {
  product: GiftCardProduct;
  error?: string;
  onEdit: (name: string) => void;
}) {
  const range = product.min_amount !== null && product.max_amount !== null;
  const [other, setOther] = useState(product.fixed_amounts.length === 0);
  return (
    <fieldset aria-describedby={error ? "gc-amount-error" : undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-charcoal">Amount</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {product.fixed_amounts.map((amount, i) => (
          <label key={amount} className={CHOICE}>
            <input
              type="radio"
              name="amount"
              value={amount}
              defaultChecked={i === 0}
              onChange={() => (setOther(false), onEdit("amount"))}
              className="accent-indigo-ink"
            />
            {formatMoney(amount, product.currency)}
          </label>
        ))}
        {range && (
          <label className={CHOICE}>
            <input
              type="radio"
              name="amount"
              value="other"
              defaultChecked={product.fixed_amounts.length === 0}
              onChange={() => (setOther(true), onEdit("amount"))}
              className="accent-indigo-ink"
            />
            Another amount
          </label>
        )}
      </div>
      {range && other && (
        <div className="mt-3">
          <label htmlFor="gc-other-amount" className="text-sm text-charcoal">
            Amount in {product.currency}, from {formatMoney(product.min_amount!, product.currency)} to{" "}
            {formatMoney(product.max_amount!, product.currency)}
          </label>
          <input
            id="gc-other-amount"
            name="other_amount"
            type="number"
            inputMode="numeric"
            min={product.min_amount!}
            max={product.max_amount!}
            step={1}
            onChange={() => onEdit("amount")}
            className="mt-1.5 block w-full rounded-xl border border-charcoal/25 bg-cream/40 px-4 py-3 text-base sm:w-60"
          />
        </div>
      )}
      {error && (
        <p id="gc-amount-error" className="mt-1.5 text-sm font-medium text-madder">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The online providers that take this currency, as checkout offers them (`GET /api/payment-options/`). */
export function PaymentChoice({
  options,
  currency,
  error,
}: {
  options: ApiState<PaymentOptionsResponse>;
  currency: Currency;
  error?: string;
}) {
  if (options.status !== "success")
    return (
      <p className="text-sm text-charcoal/75">
        {options.status === "loading"
          ? "Loading payment methods..."
          : "Payment methods could not be loaded. Please reload the page."}
      </p>
    );
  const offers = options.data.providers.filter((o) => o.available && o.currencies.includes(currency));
  if (offers.length === 0) return <p role="alert">Online payment is not available just now.</p>;
  return (
    <fieldset aria-describedby={error ? "gc-pay-error" : undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-charcoal">Pay with</legend>
      <div className="mt-2 space-y-2">
        {offers.map((offer, i) => (
          <label key={offer.name} className={CHOICE}>
            <input
              type="radio"
              name="payment_method"
              value={offer.name}
              defaultChecked={i === 0}
              className="accent-indigo-ink"
            />
            <span>
              <span className="block font-semibold">{offer.label}</span>
              <span className="block text-sm text-charcoal/80">{offer.detail}</span>
            </span>
          </label>
        ))}
      </div>
      {offers.some((o) => o.test_mode) && (
        <p className="mt-2 rounded-lg bg-turmeric/15 px-3 py-2 text-sm">
          Test mode: payments are simulated and no money is taken.
        </p>
      )}
      {error && (
        <p id="gc-pay-error" className="mt-1.5 text-sm font-medium text-madder">
          {error}
        </p>
      )}
    </fieldset>
  );
}
