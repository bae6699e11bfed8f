import type { Currency } from "@store/shared";
import { formatMinor } from "./format";

/**
 * An order's amount in its own currency, and for a USD order also in rupees at the order's rate (the server
 * converts it; the seller thinks in rupees).
 */
export function OrderMoney({
  minor,
  currency,
  inrMinor,
}: {
  minor: number;
  currency: Currency;
  inrMinor: number | null;
}) {
  return (
    <>
      <span className="block tabular-nums">{formatMinor(minor, currency)}</span>
      {currency === "USD" && inrMinor !== null && (
        <span className="block text-xs tabular-nums text-charcoal/75">about {formatMinor(inrMinor, "INR")}</span>
      )}
    </>
  );
}
