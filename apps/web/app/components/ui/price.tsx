import { formatMoney, type Currency } from "@store/shared";

/** The new price (offer_price) and, when it is higher, the struck old price (mrp), both read out with their meaning. */
export function Price({ offer, mrp, currency, size = "sm", className = "" }: {
  offer: number;
  mrp: number;
  currency: Currency;
  size?: "sm" | "lg";
  className?: string;
}) {
  const discounted = mrp > offer;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
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
