import {
  LOW_STOCK_THRESHOLD,
  SALES_CHART_DAYS,
  TOP_PRODUCTS_DAYS,
  type DashboardResponse,
  type TopProduct,
} from "@store/shared";
import { useState } from "react";
import { Link } from "react-router";
import { useBackOfficeRole } from "../../components/admin/admin-access";
import { adminMeta } from "../../components/admin/admin-meta";
import { FigureCard, PeriodCard, TodoCard } from "../../components/admin/dashboard-cards";
import { formatMinor } from "../../components/admin/format";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { SalesChart } from "../../components/admin/sales-chart";
import { BUTTON_SECONDARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";

export function meta() {
  return adminMeta("Dashboard");
}

/** The most urgent sizes first (the server sorts by stock); the rest on request. */
const LOW_STOCK_SHOWN = 10;

type TopRow = TopProduct & { id: number };
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

const TOP_COLUMNS: Column<TopRow>[] = [
  {
    header: "Product",
    cell: (row) =>
      row.product_id === null ? (
        row.product_name
      ) : (
        <Link to={`/admin/products/${row.product_id}`} className="text-indigo-ink underline-offset-4 hover:underline">
          {row.product_name}
        </Link>
      ),
  },
  { header: "Pieces", cell: (row) => row.pieces, className: "text-right tabular-nums" },
  {
    header: "Revenue",
    cell: (row) => row.revenue.map((r) => formatMinor(r.revenue_minor, r.currency)).join(" + "),
    className: "text-right tabular-nums",
  },
];

/** Today's and this month's orders and revenue (IST, per currency), stock running out, unanswered queries. */
export default function Dashboard() {
  const dashboard = useAdminResource<DashboardResponse>("/api/admin/dashboard");
  const [allLowStock, setAllLowStock] = useState(false);
  const { isOwner } = useBackOfficeRole();
  const data = dashboard.data;
  const lowStock = data ? data.low_stock.map((row, i) => ({ ...row, id: i })) : [];
  return (
    <>
      <PageHeader
        title="Dashboard"
        lead="What to do today, and how sales go. Days and months are India time; revenue counts paid, confirmed, shipped and delivered orders."
      />
      {!data ? (
        <LoadState error={dashboard.error} onRetry={dashboard.reload} />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="todo">
            <h2 id="todo" className={`${SECTION_TITLE} mb-3`}>
              To do
            </h2>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-6">
              <TodoCard
                id="todo-ship"
                title="Orders to ship"
                count={data.to_ship}
                hint="paid or confirmed, not shipped"
                to="/admin/orders?view=to_ship"
                linkText="Show orders to ship"
              />
              <TodoCard
                id="todo-confirm"
                title="COD to confirm"
                count={data.to_confirm}
                hint="waiting for the shopper's code"
                to="/admin/orders?status=awaiting_confirmation"
                linkText="Show COD orders to confirm"
              />
              <TodoCard
                id="todo-returns"
                title="Returns to handle"
                count={data.returns_to_handle}
                hint="to decide, check or pay back"
                to="/admin/returns?view=to_handle"
                linkText="Show returns to handle"
              />
              <TodoCard
                id="todo-attention"
                title="Needs attention"
                count={data.needs_attention}
                hint="orders flagged, such as a cancelled parcel delivered"
                to="/admin/orders?view=attention"
                linkText="Show orders needing attention"
              />
              <TodoCard
                id="open-queries"
                title="Open queries"
                count={data.open_queries}
                hint="contact messages not yet handled"
                to="/admin/queries?handled=false"
                linkText="Show open queries"
              />
              <TodoCard
                id="todo-low-stock"
                title="Low stock"
                count={data.low_stock.length}
                hint={`sizes with ${LOW_STOCK_THRESHOLD} pieces or fewer`}
                to="/admin/products?low_stock=true"
                linkText="Show products low on stock"
              />
            </div>
          </section>
          {data.tax_notices.length > 0 && <TaxNotices notices={data.tax_notices} />}
          <div className="grid gap-6 md:grid-cols-2">
            <PeriodCard id="period-today" title="Today" period={data.today} />
            <PeriodCard id="period-month" title="This month" period={data.month} />
          </div>
          <section aria-labelledby="cart-reminders">
            <h2 id="cart-reminders" className={`${SECTION_TITLE} mb-3`}>
              Cart reminders this month
            </h2>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
              <FigureCard
                id="reminders-sent"
                title="Cart reminders sent"
                count={data.cart_reminders.sent}
                hint="e-mails to carts left for a day"
              />
              <FigureCard
                id="reminders-restored"
                title="Carts restored"
                count={data.cart_reminders.restored}
                hint="opened from the e-mail's link"
              />
              <FigureCard
                id="reminders-recovered"
                title="Carts recovered"
                count={data.cart_reminders.recovered}
                hint="reminded carts that became orders"
              />
            </div>
          </section>
          <section aria-labelledby="delivery-month">
            <h2 id="delivery-month" className={`${SECTION_TITLE} mb-3`}>
              Parcels returned undelivered this month
            </h2>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
              <FigureCard
                id="rto-rate"
                title="RTO rate"
                value={`${(data.delivery_outcomes.rto_rate * 100).toFixed(1)}%`}
                hint={`${data.delivery_outcomes.rto} returned, ${data.delivery_outcomes.delivered} delivered`}
              />
              <FigureCard
                id="rto-freight"
                title="Freight lost to RTO"
                value={formatMinor(data.delivery_outcomes.rto_freight_minor, "INR")}
                hint={
                  data.delivery_outcomes.rto_freight_unknown > 0
                    ? `both ways, as quoted; ${data.delivery_outcomes.rto_freight_unknown} parcels' freight not reported`
                    : "both ways, as the courier quoted at booking"
                }
              />
            </div>
            {/* The report is the owner's (decision 091); staff see the month's figures only. */}
            {isOwner && (
              <p className="mt-2 text-sm">
                <Link
                  to="/admin/delivery-outcomes"
                  className="font-semibold text-madder underline-offset-4 hover:underline"
                >
                  Open delivery outcomes
                </Link>
              </p>
            )}
          </section>
          <section aria-labelledby="sales-by-day" className={CARD}>
            <h2 id="sales-by-day" className={SECTION_TITLE}>
              Sales by day
            </h2>
            <p className="text-sm text-charcoal/75">
              The last {SALES_CHART_DAYS} days (India time): paid, confirmed, shipped and delivered orders.{" "}
              <Link to="/admin/sales" className="font-semibold text-madder underline-offset-4 hover:underline">
                Open the sales report
              </Link>
            </p>
            <div className="mt-4 grid gap-6 lg:grid-cols-2">
              <SalesChart days={data.sales_by_day} currency="INR" />
              <SalesChart days={data.sales_by_day} currency="USD" />
            </div>
          </section>
          <section aria-labelledby="top-products">
            <h2 id="top-products" className={`${SECTION_TITLE} mb-3`}>
              Top products
            </h2>
            <ListTable
              caption={`Best sellers of the last ${TOP_PRODUCTS_DAYS} days by pieces`}
              columns={TOP_COLUMNS}
              rows={data.top_products.map((row, i) => ({ ...row, id: i }))}
              empty={`Nothing sold in the last ${TOP_PRODUCTS_DAYS} days.`}
            />
          </section>
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

/** What the seller must do about tax (issue 38): held invoices and why, the LUT, the customs exchange rate. */
function TaxNotices({ notices }: { notices: DashboardResponse["tax_notices"] }) {
  return (
    <section aria-labelledby="tax-notices" className={`${CARD} border-l-4 border-madder`}>
      <h2 id="tax-notices" className={SECTION_TITLE}>
        Tax
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        {notices.map((notice) => (
          <li key={notice.message} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <span>{notice.message}</span>
            <Link
              to={notice.href}
              className="whitespace-nowrap font-semibold text-madder underline-offset-4 hover:underline"
            >
              {notice.action}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
