import type { AdminOrderSummary } from "@store/shared";
import { Link } from "react-router";
import { formatWhen } from "./format";
import { OrderMoney } from "./order-money";
import { OrderStatusBadge } from "./order-status-badge";

/**
 * The orders list on a phone: one card per order with what the seller scans for (number, customer, status,
 * total, date), no sideways scrolling. The table replaces it from the `md` width up.
 */
export function OrderCards({
  orders,
  selected,
  onSelect,
  busy,
  empty,
}: {
  orders: readonly AdminOrderSummary[];
  selected: ReadonlySet<number>;
  onSelect: (order: AdminOrderSummary, on: boolean) => void;
  busy: boolean;
  empty: string;
}) {
  if (orders.length === 0) return <p className="rounded-2xl bg-white p-6 text-center text-charcoal/75">{empty}</p>;
  return (
    <ul aria-label="Orders" aria-busy={busy} className={`space-y-3 ${busy ? "opacity-60" : ""}`}>
      {orders.map((o) => (
        <li key={o.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-linen">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-start gap-3">
              <input
                type="checkbox"
                aria-label={`Select order ${o.id}`}
                checked={selected.has(o.id)}
                onChange={(event) => onSelect(o, event.target.checked)}
                className="mt-1.5 size-5 flex-none accent-indigo-ink"
              />
              <div className="min-w-0">
                <Link
                  to={`/admin/orders/${o.id}`}
                  className="font-semibold text-indigo-ink underline underline-offset-4 hover:text-madder"
                >
                  Order {o.id}
                </Link>
                <p className="break-words">{o.customer_name}</p>
                <p className="text-xs text-charcoal/75">{formatWhen(o.created_at)}</p>
              </div>
            </div>
            <div className="flex-none text-right">
              <OrderMoney minor={o.total_minor} currency={o.currency} inrMinor={o.total_inr_minor} />
              <div className="mt-1">
                <OrderStatusBadge status={o.status} />
              </div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
