import {
  decimalText,
  formatMoney,
  inrFromUsdCents,
  priceIn,
  toMajorUnits,
  unreachableInrMessage,
  USD_PRICE_MAX_CENTS,
  usdCentsForInr,
  usdForInrTarget,
  type PriceEntryCurrency,
  type UsdCentsRange,
} from "@store/shared";
import { useId, useState } from "react";
import { OptionalNumberField } from "./optional-number-input";
import { BUTTON_SECONDARY } from "./styles";

/** A typed USD price in cents, or null when it is empty, negative or has more than two decimals. */
export function usdCents(usd: number | null | undefined): number | null {
  if (usd === null || usd === undefined || !Number.isFinite(usd) || usd < 0) return null;
  const cents = Math.round(usd * 100);
  return Math.abs(usd * 100 - cents) < 1e-6 && cents <= USD_PRICE_MAX_CENTS ? cents : null;
}

/** The rupee price the shop derives from a USD price (the spec's rule), in words for a table cell or a field. */
export function inrText(usd: number | null | undefined): string {
  const cents = usdCents(usd);
  return cents === null ? "" : formatMoney(inrFromUsdCents(cents), "INR");
}

/** The rupee price a typed USD price gives, or null when it is not a price. */
export function inrOfUsd(usd: number | null): number | null {
  const cents = usdCents(usd);
  return cents === null ? null : inrFromUsdCents(cents);
}

/** The USD price a typed rupee price is stored as (the server derives the same), or null when none gives it. */
export function usdOfInr(inr: number | null): number | null {
  if (inr === null || !Number.isSafeInteger(inr) || inr < 0) return null;
  const cents = usdCentsForInr(inr, USD_PRICE_MAX_CENTS);
  return cents === null ? null : toMajorUnits(cents);
}

/** What a USD shopper pays: whole dollars, rounded up (decision 024-catalogue-prices). */
const usdShopperText = (cents: number) => formatMoney(priceIn("USD", cents), "USD");

/** Beside a USD price field: the INR price shoppers in India see, updated as the seller types. */
export function InrHint({ usd, id }: { usd: number | null; id?: string }) {
  const text = inrText(usd);
  const cents = usdCents(usd);
  return (
    <p id={id} className="mt-1 text-xs text-charcoal/80" data-testid="inr-hint">
      {text ? (
        <>
          <span className="font-semibold text-indigo-ink">{text}</span> in INR
          {cents !== null && cents % 100 !== 0 ? `; USD shoppers pay ${usdShopperText(cents)}` : ""}
        </>
      ) : (
        "INR shows here"
      )}
    </p>
  );
}

/**
 * Beside a rupee price field: the USD price it is stored as, or, for a rupee price the rule cannot give,
 * the nearest ones it can (the server refuses it with the same words).
 */
export function UsdFromInrHint({ inr }: { inr: number | null }) {
  const usd = usdOfInr(inr);
  const cents = usd === null ? null : usdCents(usd);
  let text: React.ReactNode = "USD shows here";
  if (inr !== null && Number.isSafeInteger(inr) && inr >= 0 && cents === null)
    text = <span className="font-semibold text-madder">{unreachableInrMessage(inr, USD_PRICE_MAX_CENTS)}</span>;
  else if (cents !== null)
    text = (
      <>
        Stored as <span className="font-semibold text-indigo-ink">${decimalText(cents)}</span>; USD shoppers pay{" "}
        {usdShopperText(cents)}
      </>
    );
  return (
    <p className="mt-1 max-w-[14rem] text-xs text-charcoal/80" data-testid="usd-hint">
      {text}
    </p>
  );
}

/** The product's own choice: prices typed in US dollars or in rupees (kept with the product). */
export function PriceEntryChoice({
  value,
  onChange,
}: {
  value: PriceEntryCurrency;
  onChange: (currency: PriceEntryCurrency) => void;
}) {
  const options: { value: PriceEntryCurrency; label: string }[] = [
    { value: "INR", label: "Rupees (₹)" },
    { value: "USD", label: "US dollars ($)" },
  ];
  return (
    <fieldset className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
      <legend className="float-left mr-2 text-sm font-semibold text-charcoal">Type prices in</legend>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name="price-entry-currency"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="h-5 w-5 accent-indigo-ink"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

const rangeText = (r: UsdCentsRange) =>
  r.minCents === r.maxCents
    ? `$${decimalText(r.minCents)}`
    : `$${decimalText(r.minCents)} to $${decimalText(r.maxCents)}`;

/**
 * "Target rupee price": the seller types the INR price they want and gets the USD prices that yield it
 * by the spec's rule, or the nearest rupee prices the rule can reach. `onUse` puts a price into the form.
 */
export function RupeeTarget({ onUse, useLabel }: { onUse?: (usd: number) => void; useLabel?: string }) {
  const [inr, setInr] = useState<number | null>(null);
  const id = useId();
  const answer = inr === null || inr < 0 || !Number.isInteger(inr) ? null : usdForInrTarget(inr, USD_PRICE_MAX_CENTS);
  const use = (r: UsdCentsRange) =>
    onUse && (
      <button
        type="button"
        className={`${BUTTON_SECONDARY} px-3 py-1 text-xs`}
        onClick={() => onUse(toMajorUnits(r.minCents))}
      >
        {useLabel ?? "Use"} ${decimalText(r.minCents)}
      </button>
    );
  return (
    <div className="rounded-lg border border-linen bg-cream/60 p-3">
      <OptionalNumberField
        id={`${id}-target`}
        label="Target rupee price (INR)"
        value={inr}
        min={0}
        max={inrFromUsdCents(USD_PRICE_MAX_CENTS)}
        hint="Type the rupee price you want; the USD price that gives it appears below"
        onChange={setInr}
      />
      <div role="status" aria-live="polite" className="mt-2 text-sm">
        {answer?.reachable && (
          <div className="flex flex-wrap items-center gap-2">
            <span>
              {formatMoney(answer.range.inr, "INR")} comes from {rangeText(answer.range)} (USD shoppers pay{" "}
              {usdShopperText(answer.range.minCents)}).
            </span>
            {use(answer.range)}
          </div>
        )}
        {answer && !answer.reachable && (
          <div className="space-y-1">
            <p>
              {formatMoney(inr ?? 0, "INR")} is not reachable (rupee prices end in 9);{" "}
              {[answer.below, answer.above]
                .filter((r): r is UsdCentsRange => r !== null)
                .map((r) => `${formatMoney(r.inr, "INR")} (${rangeText(r)})`)
                .join(" or ")}
              .
            </p>
            <div className="flex flex-wrap gap-2">
              {answer.below && use(answer.below)}
              {answer.above && use(answer.above)}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
