import type { AdminOrderDetail } from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatMinor, formatWhen } from "../../components/admin/format";
import { LoadState } from "../../components/admin/list-table";
import { OrderActions } from "../../components/admin/order-actions";
import { DeliveryDetails, OrderEvents, OrderLines, OrderPayments } from "../../components/admin/order-sections";
import { OrderStatusBadge } from "../../components/admin/order-status-badge";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_SECONDARY } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import type { Route } from "./+types/order-detail";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`Order ${params.id}`);
}

/** One order: what the seller can do next first, then its lines, delivery, payments and history. */
export default function OrderDetail({ params }: Route.ComponentProps) {
  const order = useAdminResource<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(params.id)}`);
  const data = order.data;
  return (
    <>
      <PageHeader
        title={`Order ${params.id}`}
        lead={
          data && (
            <span className="flex flex-wrap items-center gap-2">
              <OrderStatusBadge status={data.status} /> {formatMinor(data.total_minor, data.currency)} · placed{" "}
              {formatWhen(data.created_at)}
            </span>
          )
        }
        actions={
          <Link to="/admin/orders" className={BUTTON_SECONDARY}>
            All orders
          </Link>
        }
      />
      {!data ? (
        <LoadState error={order.error} onRetry={order.reload} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-8">
            <OrderLines order={data} />
            <OrderPayments order={data} />
          </div>
          {/* First on a phone: the next step is what the seller came for. */}
          <div className="order-first space-y-6 xl:order-none">
            <OrderActions order={data} onChanged={order.replace} />
            <DeliveryDetails order={data} />
            <OrderEvents order={data} />
          </div>
        </div>
      )}
    </>
  );
}
