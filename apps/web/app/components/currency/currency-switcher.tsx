import { CURRENCIES, type Currency } from "@store/shared";
import { useCurrencyState } from "../../lib/currency-context";

const LABELS: Record<Currency, string> = { INR: "₹ INR", USD: "$ USD" };

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** The shopper's override of the detected currency; the choice is remembered (cookie) like a detected one. */
export function CurrencySwitcher({ id, className = "" }: { id: string; className?: string }) {
  const { currency, detecting, choose } = useCurrencyState();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        Currency
      </label>
      <select
        id={id}
        value={currency}
        aria-busy={detecting || undefined}
        onChange={(event) => isCurrency(event.target.value) && choose(event.target.value)}
        className="cursor-pointer rounded-full border border-charcoal/25 bg-white py-1.5 pl-3 pr-2 text-sm font-medium text-charcoal hover:border-madder"
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {LABELS[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
