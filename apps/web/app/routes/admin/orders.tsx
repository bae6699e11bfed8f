import {
  ADMIN_PAYMENT_METHODS,
  CURRENCIES,
  ORDER_STATUSES,
  type AdminOrderListResponse,
  type AdminOrderSummary,
} from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { CsvExportButton } from "../../components/admin/csv-export-button";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatMinor, formatWhen, PAYMENT_LABELS, statusLabel } from "../../components/admin/format";
import { ListTable, LoadState, Pager, type Column } from "../../components/admin/list-table";
import { OrderStatusBadge } from "../../components/admin/order-status-badge";
import { PageHeader } from "../../components/admin/page-header";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Orders");
}

const PAGE_SIZE = 25;
const FILTERS = ["status", "from", "to", "payment_method", "currency"] as const;

const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  {
    name: "status",
    label: "Status",
    kind: "select",
    options: [{ value: "", label: "Any status" }, ...ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))],
  },
  { name: "from", label: "Placed from", kind: "date" },
  { name: "to", label: "Placed to", kind: "date" },
  {
    name: "payment_method",
    label: "Payment",
    kind: "select",
    options: [
      { value: "", label: "Any payment" },
      ...ADMIN_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] ?? m })),
    ],
  },
  {
    name: "currency",
    label: "Currency",
    kind: "select",
    options: [{ value: "", label: "Any currency" }, ...CURRENCIES.map((c) => ({ value: c, label: c }))],
  },
];

const COLUMNS: Column<AdminOrderSummary>[] = [
  {
    header: "Order",
    cell: (o) => (
      <Link
        to={`/admin/orders/${o.id}`}
        className="whitespace-nowrap text-indigo-ink underline underline-offset-4 hover:text-madder"
      >
        Order {o.id}
      </Link>
    ),
  },
  { header: "Placed", cell: (o) => formatWhen(o.created_at) },
  {
    header: "Customer",
    cell: (o) => (
      <>
        <span className="block">{o.customer_name}</span>
        <span className="text-xs text-charcoal/75">{o.city}</span>
      </>
    ),
  },
  { header: "Status", cell: (o) => <OrderStatusBadge status={o.status} /> },
  {
    header: "Payment",
    cell: (o) => (
      <>
        {PAYMENT_LABELS[o.payment_method]}
        {o.is_test && <span className="ml-1 text-xs text-charcoal/70">(test)</span>}
      </>
    ),
  },
  { header: "Total", cell: (o) => formatMinor(o.total_minor, o.currency), className: "text-right tabular-nums" },
  { header: "Pieces", cell: (o) => o.items, className: "text-right tabular-nums" },
  { header: "Tracking", cell: (o) => o.tracking_number ?? "-" },
];

/** Orders, newest first, filtered by status, IST dates, payment method and currency; CSV of the same filters. */
export default function Orders() {
  const list = useListParams(FILTERS);
  const orders = useAdminResource<AdminOrderListResponse>("/api/admin/orders", {
    ...list.values,
    page: list.page,
    page_size: PAGE_SIZE,
  });
  const data = orders.data;
  return (
    <>
      <PageHeader title="Orders" lead="Dates are India time." />
      <FilterForm
        key={list.key}
        label="Filter orders"
        specs={FILTER_SPECS}
        values={list.values}
        onApply={list.apply}
        extra={<CsvExportButton filters={list.values} />}
      />
      {orders.error && data && (
        <p role="alert" className="mb-3 text-madder">
          {orders.error}
        </p>
      )}
      {!data ? (
        <LoadState error={orders.error} onRetry={orders.reload} />
      ) : (
        <>
          <ListTable
            caption="Orders"
            columns={COLUMNS}
            rows={data.data}
            busy={orders.loading}
            empty="No order matches these filters."
          />
          <Pager label="Orders" page={data.page} pageSize={data.page_size} total={data.total} onPage={list.goTo} />
        </>
      )}
    </>
  );
}
