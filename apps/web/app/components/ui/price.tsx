import { formatMoney, type Currency } from "@store/shared";
import { useCurrencyState } from "../../lib/currency-context";

/**
 * The new price (offer_price) and, when it is higher, the struck old price (mrp), both read out with their
 * meaning. While the shopper's currency is still being detected the (USD) price is marked as loading.
 */
export function Price({
  offer,
  mrp,
  currency,
  size = "sm",
  className = "",
}: {
  offer: number;
  mrp: number;
  currency: Currency;
  size?: "sm" | "lg";
  className?: string;
}) {
  const discounted = mrp > offer;
  const { detecting } = useCurrencyState();
  return (
    <p
      aria-busy={detecting || undefined}
      className={`flex flex-wrap items-baseline gap-x-2 transition-opacity ${detecting ? "opacity-60" : ""} ${className}`}
    >
      <span className={`font-semibold text-madder ${size === "lg" ? "text-3xl" : "text-base"}`}>
        {discounted && <span className="sr-only">Sale price: </span>}
        {formatMoney(offer, currency)}
      </span>
      {discounted && (
        <s className={`text-charcoal/75 ${size === "lg" ? "text-lg" : "text-sm"}`}>
          <span className="sr-only">Original price: </span>
          {formatMoney(mrp, currency)}
        </s>
      )}
    </p>
  );
}

/** Whole-percent saving, e.g. "You save 25%"; 0 when there is no discount. */
export function savingPercent(offer: number, mrp: number): number {
  return mrp > offer && mrp > 0 ? Math.round(((mrp - offer) / mrp) * 100) : 0;
}
