import type { Customer } from "@store/shared";
import { formatMinor } from "./format";

/** Spend per currency, never added across currencies: "₹2,000 (2 orders) · $45 (1 order)". */
export function CustomerSpend({ spend }: { spend: Customer["spend"] }) {
  if (spend.length === 0) return <span className="text-charcoal/75">None yet</span>;
  return (
    <ul className="space-y-0.5">
      {spend.map((s) => (
        <li key={s.currency} className="whitespace-nowrap tabular-nums">
          {formatMinor(s.total_minor, s.currency)}{" "}
          <span className="text-xs text-charcoal/75">
            ({s.orders} {s.orders === 1 ? "order" : "orders"})
          </span>
        </li>
      ))}
    </ul>
  );
}
