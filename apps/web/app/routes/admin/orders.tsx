import {
  ADDRESS_PROBLEM_LABELS,
  ADMIN_PAYMENT_METHODS,
  CURRENCIES,
  ORDER_STATUSES,
  type AdminOrderListResponse,
  type AdminOrderSummary,
} from "@store/shared";
import { useState } from "react";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { CsvExportButton } from "../../components/admin/csv-export-button";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatWhen, PAYMENT_LABELS, statusLabel } from "../../components/admin/format";
import { ListTable, LoadState, Pager, type Column } from "../../components/admin/list-table";
import { OrderBulkShip } from "../../components/admin/order-bulk-ship";
import { OrderCards } from "../../components/admin/order-cards";
import { OrderCourier } from "../../components/admin/order-courier";
import { OrderMoney } from "../../components/admin/order-money";
import { OrderStatusBadge } from "../../components/admin/order-status-badge";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Orders");
}

const PAGE_SIZE = 25;
const FILTERS = ["query", "view", "status", "from", "to", "payment_method", "currency"] as const;

const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  { name: "query", label: "Search", kind: "text", placeholder: "Order number, name, phone or e-mail" },
  {
    name: "view",
    label: "Show",
    kind: "select",
    options: [
      { value: "", label: "All orders" },
      { value: "to_ship", label: "To ship (paid or COD confirmed)" },
      { value: "attention", label: "Needing attention" },
    ],
  },
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

type Selection = { selected: ReadonlySet<number>; onSelect: (order: AdminOrderSummary, on: boolean) => void };

function columns({ selected, onSelect }: Selection): Column<AdminOrderSummary>[] {
  return [
    {
      header: "Order",
      cell: (o) => (
        <span className="flex items-center gap-3">
          <input
            type="checkbox"
            aria-label={`Select order ${o.id}`}
            checked={selected.has(o.id)}
            onChange={(event) => onSelect(o, event.target.checked)}
            className="size-4 accent-indigo-ink"
          />
          <Link
            to={`/admin/orders/${o.id}`}
            className="whitespace-nowrap text-indigo-ink underline underline-offset-4 hover:text-madder"
          >
            Order {o.id}
          </Link>
        </span>
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
    {
      header: "Status",
      cell: (o) => (
        <>
          <OrderStatusBadge status={o.status} />
          {o.attention && <span className="ml-1 font-semibold text-madder">Needs attention</span>}
          {o.address_flags && o.address_flags.length > 0 && (
            <span
              className="ml-1 font-semibold text-madder"
              title={o.address_flags.map((p) => ADDRESS_PROBLEM_LABELS[p]).join("; ")}
            >
              Check address
            </span>
          )}
        </>
      ),
    },
    {
      header: "Payment",
      cell: (o) => (
        <>
          {PAYMENT_LABELS[o.payment_method] ?? o.payment_method}
          {o.is_test && <span className="ml-1 text-xs text-charcoal/70">(test)</span>}
        </>
      ),
    },
    {
      header: "Total",
      cell: (o) => <OrderMoney minor={o.total_minor} currency={o.currency} inrMinor={o.total_inr_minor} />,
      className: "text-right",
    },
    { header: "Pieces", cell: (o) => o.items, className: "text-right tabular-nums" },
    { header: "Tracking", cell: (o) => o.tracking_number ?? "-" },
  ];
}

/** What can be done with the selected orders: ship them (each with its tracking number) or print their slips. */
function SelectionBar({
  chosen,
  onShip,
  onCourier,
  onClear,
}: {
  chosen: readonly AdminOrderSummary[];
  onShip: () => void;
  onCourier: () => void;
  onClear: () => void;
}) {
  const ids = chosen.map((o) => o.id).join(",");
  return (
    <div
      role="region"
      aria-label="Selected orders"
      className="mb-4 flex flex-wrap items-center gap-2 rounded-2xl bg-indigo-ink/5 p-3"
    >
      <p className="mr-auto text-sm font-semibold">{chosen.length} selected</p>
      <button type="button" className={BUTTON_PRIMARY} onClick={onCourier}>
        Ship with courier
      </button>
      <button type="button" className={BUTTON_SECONDARY} onClick={onShip}>
        Mark shipped
      </button>
      <Link to={`/admin/packing-slip?ids=${ids}`} className={BUTTON_SECONDARY}>
        Print packing slips
      </Link>
      <button type="button" className={BUTTON_SECONDARY} onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}

/**
 * Orders, newest first: searched by number, name, phone or e-mail, the "to ship" view, filtered by status, IST
 * dates, payment method and currency; CSV of the same filters. Selected orders (kept across pages) can be
 * shipped together or get their packing slips. A table on a computer, cards on a phone.
 */
export default function Orders() {
  const list = useListParams(FILTERS);
  const orders = useAdminResource<AdminOrderListResponse>("/api/admin/orders", {
    ...list.values,
    page: list.page,
    page_size: PAGE_SIZE,
  });
  const data = orders.data;
  const [chosen, setChosen] = useState<Map<number, AdminOrderSummary>>(new Map());
  // The orders being shipped, fixed when the form opens: shipped ones leave the selection, not the form.
  const [shipping, setShipping] = useState<AdminOrderSummary[] | null>(null);
  // The orders handed to the courier, fixed when its panel opens (labels and pickup follow the booking).
  const [courier, setCourier] = useState<AdminOrderSummary[] | null>(null);
  const selection: Selection = {
    selected: new Set(chosen.keys()),
    onSelect: (order, on) =>
      setChosen((current) => {
        const next = new Map(current);
        if (on) next.set(order.id, order);
        else next.delete(order.id);
        return next;
      }),
  };
  const empty =
    list.values.view === "to_ship"
      ? "Nothing to ship right now."
      : list.values.view === "attention"
        ? "Nothing needs your attention."
        : "No order matches these filters.";
  return (
    <>
      <PageHeader
        title="Orders"
        lead="Dates are India time."
        actions={
          list.values.view !== "to_ship" && (
            <Link to="/admin/orders?view=to_ship" className={BUTTON_SECONDARY}>
              Orders to ship
            </Link>
          )
        }
      />
      <FilterForm
        key={list.key}
        label="Filter orders"
        specs={FILTER_SPECS}
        values={list.values}
        onApply={list.apply}
        extra={<CsvExportButton path="/api/admin/orders.csv" filters={list.values} />}
      />
      {orders.error && data && (
        <p role="alert" className="mb-3 text-madder">
          {orders.error}
        </p>
      )}
      {shipping && (
        <OrderBulkShip
          orders={shipping}
          onDone={(result) => {
            // Shipped orders leave the selection; refused ones stay, to be looked at.
            setChosen(
              (current) => new Map([...current].filter(([id]) => !result.results.some((r) => r.ok && r.id === id))),
            );
            orders.reload();
          }}
          onClose={() => setShipping(null)}
        />
      )}
      {courier && <OrderCourier key={courier.map((o) => o.id).join(",")} orders={courier} onChanged={orders.reload} />}
      {chosen.size > 0 && !shipping && (
        <SelectionBar
          chosen={[...chosen.values()]}
          onShip={() => setShipping([...chosen.values()])}
          onCourier={() => setCourier([...chosen.values()])}
          onClear={() => setChosen(new Map())}
        />
      )}
      {!data ? (
        <LoadState error={orders.error} onRetry={orders.reload} />
      ) : (
        <>
          <div className="hidden md:block">
            <ListTable
              caption="Orders"
              columns={columns(selection)}
              rows={data.data}
              busy={orders.loading}
              empty={empty}
            />
          </div>
          <div className="md:hidden">
            <OrderCards orders={data.data} {...selection} busy={orders.loading} empty={empty} />
          </div>
          <Pager label="Orders" page={data.page} pageSize={data.page_size} total={data.total} onPage={list.goTo} />
        </>
      )}
    </>
  );
}
