import type { CustomerDetail as Detail } from "@store/shared";
import { Link } from "react-router";
import type { Route } from "./+types/customer-detail";
import { adminMeta } from "../../components/admin/admin-meta";
import { CustomerSpend } from "../../components/admin/customer-spend";
import { formatMinor, formatWhen } from "../../components/admin/format";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { OrderStatusBadge } from "../../components/admin/order-status-badge";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_SECONDARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";

export function meta() {
  return adminMeta("Customer");
}

type Order = Detail["recent_orders"][number];

const COLUMNS: Column<Order>[] = [
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
  { header: "Status", cell: (o) => <OrderStatusBadge status={o.status} /> },
  { header: "Total", cell: (o) => formatMinor(o.total_minor, o.currency), className: "text-right tabular-nums" },
];

/** One customer: contact details, spend per currency and their placed orders (each links to the order). */
export default function CustomerDetail({ params }: Route.ComponentProps) {
  const customer = useAdminResource<Detail>(`/api/admin/customers/${encodeURIComponent(params.key)}`);
  const data = customer.data;
  return (
    <>
      <PageHeader
        title={data ? data.name || data.email : "Customer"}
        lead={data && (data.user_id === null ? "Guest (no account)" : "Has an account")}
        actions={
          <Link to="/admin/customers" className={BUTTON_SECONDARY}>
            All customers
          </Link>
        }
      />
      {!data ? (
        <LoadState error={customer.error} onRetry={customer.reload} />
      ) : (
        <div className="space-y-6">
          <section aria-labelledby="customer-contact" className={CARD}>
            <h2 id="customer-contact" className={SECTION_TITLE}>
              Contact and spend
            </h2>
            <dl className="mt-3 grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm font-semibold">E-mail</dt>
                <dd className="break-all">
                  <a href={`mailto:${data.email}`} className="text-indigo-ink underline">
                    {data.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold">Phone</dt>
                <dd>
                  <a href={`tel:${data.phone.replace(/[^\d+]/g, "")}`} className="text-indigo-ink underline">
                    {data.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold">Orders placed</dt>
                <dd>{data.orders}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold">Spend</dt>
                <dd>
                  <CustomerSpend spend={data.spend} />
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold">Last order</dt>
                <dd>{formatWhen(data.last_order_at)}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="customer-orders">
            <h2 id="customer-orders" className={`${SECTION_TITLE} mb-3`}>
              Orders
            </h2>
            <ListTable
              caption="Orders of this customer"
              columns={COLUMNS}
              rows={data.recent_orders}
              empty="No orders."
            />
          </section>
        </div>
      )}
    </>
  );
}
