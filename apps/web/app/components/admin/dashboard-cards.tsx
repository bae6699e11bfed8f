import type { DashboardResponse } from "@store/shared";
import { Link } from "react-router";
import { formatMinor } from "./format";
import { CARD, SECTION_TITLE } from "./styles";

type Period = DashboardResponse["today"];

/** One thing to do today: how many, and a link to exactly that list. */
export function TodoCard({
  id,
  title,
  count,
  hint,
  to,
  linkText,
}: {
  id: string;
  title: string;
  count: number;
  hint: string;
  to: string;
  linkText: string;
}) {
  const urgent = count > 0;
  return (
    <section
      aria-labelledby={id}
      className={`${CARD} flex min-w-0 flex-col ${urgent ? "ring-2 ring-turmeric/70" : ""}`}
    >
      <h3 id={id} className="text-sm font-semibold text-charcoal/80">
        {title}
      </h3>
      <p className="mt-2 text-4xl font-semibold tabular-nums text-charcoal">{count}</p>
      <p className="text-sm text-charcoal/75">{hint}</p>
      <Link to={to} className="mt-auto pt-3 text-sm font-semibold text-madder underline-offset-4 hover:underline">
        {linkText}
      </Link>
    </section>
  );
}

/** A figure to read, not a task: no highlight and no link. */
export function FigureCard({
  id,
  title,
  count,
  value,
  hint,
}: {
  id: string;
  title: string;
  count?: number;
  /** A figure written out (a rate, an amount) instead of a count. */
  value?: string;
  hint: string;
}) {
  return (
    <section aria-labelledby={id} className={CARD}>
      <h3 id={id} className="text-sm font-semibold text-charcoal/80">
        {title}
      </h3>
      <p className="mt-2 text-4xl font-semibold tabular-nums text-charcoal">{value ?? count}</p>
      <p className="text-sm text-charcoal/75">{hint}</p>
    </section>
  );
}

/** Orders placed in a period (unpaid and expired checkouts are not orders) and the money per currency. */
export function PeriodCard({ id, title, period }: { id: string; title: string; period: Period }) {
  return (
    <section aria-labelledby={id} className={CARD}>
      <h2 id={id} className={SECTION_TITLE}>
        {title}
      </h2>
      <p className="mt-3 text-4xl font-semibold tabular-nums text-charcoal">{period.orders}</p>
      <p className="text-sm text-charcoal/75">{period.orders === 1 ? "order" : "orders"} placed</p>
      <dl className="mt-4 grid gap-3 border-t border-linen pt-4 sm:grid-cols-2">
        {period.by_currency.map((row) => (
          <div key={row.currency}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-charcoal/70">Revenue {row.currency}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatMinor(row.revenue_minor, row.currency)}</dd>
            <dd className="text-xs text-charcoal/75">
              {row.revenue_orders} paid of {row.orders} {row.orders === 1 ? "order" : "orders"}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
