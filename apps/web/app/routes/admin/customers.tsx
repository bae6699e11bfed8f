import type { Customer, CustomerListResponse } from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { CustomerSpend } from "../../components/admin/customer-spend";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatWhen } from "../../components/admin/format";
import { ListTable, LoadState, Pager, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Customers");
}

const PAGE_SIZE = 25;
const FILTERS = ["query"] as const;
const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  { name: "query", label: "Search customers", kind: "text", placeholder: "Name, e-mail or phone" },
];

type Row = Customer & { id: number };

const COLUMNS: Column<Row>[] = [
  {
    header: "Customer",
    cell: (c) => (
      <span className="block min-w-40">
        <Link
          to={`/admin/customers/${encodeURIComponent(c.key)}`}
          className="text-indigo-ink underline underline-offset-4 hover:text-madder"
        >
          {c.name || c.email}
        </Link>
        <span className="block break-all text-xs font-normal text-charcoal/75">{c.email}</span>
        <span className="block text-xs font-normal text-charcoal/75">
          {c.phone}
          {c.user_id === null ? " · guest" : " · account"}
        </span>
      </span>
    ),
  },
  { header: "Orders", cell: (c) => c.orders, className: "text-right tabular-nums" },
  { header: "Spend", cell: (c) => <CustomerSpend spend={c.spend} /> },
  { header: "Last order", cell: (c) => formatWhen(c.last_order_at) },
];

/** Accounts and guest e-mails that placed orders (unpaid or expired checkouts are not orders), newest first. */
export default function Customers() {
  const list = useListParams(FILTERS);
  const customers = useAdminResource<CustomerListResponse>("/api/admin/customers", {
    ...list.values,
    page: list.page,
    page_size: PAGE_SIZE,
  });
  const data = customers.data;
  return (
    <>
      <PageHeader title="Customers" lead="Everyone who placed an order. Spend counts paid and confirmed orders." />
      <FilterForm
        key={list.key}
        label="Search customers"
        specs={FILTER_SPECS}
        values={list.values}
        onApply={list.apply}
      />
      {customers.error && data && (
        <p role="alert" className="mb-3 text-madder">
          {customers.error}
        </p>
      )}
      {!data ? (
        <LoadState error={customers.error} onRetry={customers.reload} />
      ) : (
        <>
          <ListTable
            caption="Customers"
            columns={COLUMNS}
            rows={data.data.map((c, i) => ({ ...c, id: i }))}
            busy={customers.loading}
            empty="No customer matches this search."
          />
          <Pager label="Customers" page={data.page} pageSize={data.page_size} total={data.total} onPage={list.goTo} />
        </>
      )}
    </>
  );
}
