import { LOW_STOCK_THRESHOLD, type DashboardResponse } from "@store/shared";
import { useState } from "react";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatMinor } from "../../components/admin/format";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_SECONDARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";

export function meta() {
  return adminMeta("Dashboard");
}

/** The most urgent sizes first (the server sorts by stock); the rest on request. */
const LOW_STOCK_SHOWN = 10;

type Period = DashboardResponse["today"];
type LowStock = DashboardResponse["low_stock"][number] & { id: number };

const LOW_STOCK_COLUMNS: Column<LowStock>[] = [
  {
    header: "Product",
    cell: (row) => (
      <Link to={`/admin/products/${row.product_id}`} className="text-indigo-ink underline-offset-4 hover:underline">
        {row.product_name}
      </Link>
    ),
  },
  { header: "Code", cell: (row) => row.product_code },
  { header: "Size", cell: (row) => row.size },
  {
    header: "In stock",
    cell: (row) => <span className={row.stock === 0 ? "font-semibold text-madder" : ""}>{row.stock}</span>,
    className: "text-right",
  },
];

function PeriodCard({ id, title, period }: { id: string; title: string; period: Period }) {
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

/** Today's and this month's orders and revenue (IST, per currency), stock running out, unanswered queries. */
export default function Dashboard() {
  const dashboard = useAdminResource<DashboardResponse>("/api/admin/dashboard");
  const [allLowStock, setAllLowStock] = useState(false);
  const data = dashboard.data;
  const lowStock = data ? data.low_stock.map((row, i) => ({ ...row, id: i })) : [];
  return (
    <>
      <PageHeader
        title="Dashboard"
        lead="Days and months are India time. Revenue counts paid, confirmed, shipped and delivered orders."
      />
      {!data ? (
        <LoadState error={dashboard.error} onRetry={dashboard.reload} />
      ) : (
        <div className="space-y-8">
          <div className="grid gap-6 md:grid-cols-3">
            <PeriodCard id="period-today" title="Today" period={data.today} />
            <PeriodCard id="period-month" title="This month" period={data.month} />
            <section aria-labelledby="open-queries" className={CARD}>
              <h2 id="open-queries" className={SECTION_TITLE}>
                Open queries
              </h2>
              <p className="mt-3 text-4xl font-semibold tabular-nums">{data.open_queries}</p>
              <p className="text-sm text-charcoal/75">contact messages not yet handled</p>
              <Link
                to="/admin/queries"
                className="mt-4 inline-block text-sm font-semibold text-madder underline-offset-4 hover:underline"
              >
                Open the inbox
              </Link>
            </section>
          </div>
          <section aria-labelledby="low-stock">
            <h2 id="low-stock" className={`${SECTION_TITLE} mb-3`}>
              Low stock
            </h2>
            <ListTable
              caption={`Sizes with ${LOW_STOCK_THRESHOLD} pieces or fewer`}
              columns={LOW_STOCK_COLUMNS}
              rows={allLowStock ? lowStock : lowStock.slice(0, LOW_STOCK_SHOWN)}
              empty={`Every size has more than ${LOW_STOCK_THRESHOLD} pieces in stock.`}
            />
            {!allLowStock && lowStock.length > LOW_STOCK_SHOWN && (
              <button type="button" className={`${BUTTON_SECONDARY} mt-3`} onClick={() => setAllLowStock(true)}>
                Show all {lowStock.length}
              </button>
            )}
          </section>
        </div>
      )}
    </>
  );
}
