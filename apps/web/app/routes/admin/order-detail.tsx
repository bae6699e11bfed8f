import { RECALLED_PARCEL_LABELS, recalledParcel, type AdminOrderDetail } from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatMinor, formatWhen } from "../../components/admin/format";
import { LoadState } from "../../components/admin/list-table";
import { OrderActions } from "../../components/admin/order-actions";
import { OrderBankTransferPanel } from "../../components/admin/order-bank-transfer";
import { OrderAttention } from "../../components/admin/order-attention";
import { OrderAddress } from "../../components/admin/order-address";
import { OrderAddressCheck } from "../../components/admin/order-address-check";
import { OrderCancelLines } from "../../components/admin/order-cancel-lines";
import { OrderEWayBill } from "../../components/admin/order-e-way-bill";
import { OrderCustoms } from "../../components/admin/order-customs";
import { OrderInvoice } from "../../components/admin/order-invoice";
import { OrderMaking } from "../../components/admin/order-making";
import { OrderShipments } from "../../components/admin/order-shipments";
import { DeliveryDetails, OrderEvents, OrderLines, OrderPayments } from "../../components/admin/order-sections";
import { OrderStatusBadge } from "../../components/admin/order-status-badge";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_SECONDARY } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import type { Route } from "./+types/order-detail";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`Order ${params.id}`);
}

/** One order: its items, then what the seller can do next (and cancel pieces), delivery, payments and history. */
export default function OrderDetail({ params }: Route.ComponentProps) {
  const order = useAdminResource<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(params.id)}`);
  const data = order.data;
  // A cancelled order's parcel called back from the courier: where it is, beside the status.
  const parcel = data?.shipping?.shipments.find((s) => s.direction === "forward" && s.recall_requested_at);
  const recalled = parcel ? recalledParcel(true, parcel.status) : null;
  return (
    <>
      <PageHeader
        title={`Order ${params.id}`}
        lead={
          data && (
            <span className="flex flex-wrap items-center gap-2">
              <OrderStatusBadge status={data.status} />
              {recalled && <span>{RECALLED_PARCEL_LABELS[recalled]} ·</span>}
              {formatMinor(data.total_minor, data.currency)} · placed {formatWhen(data.created_at)}
            </span>
          )
        }
        actions={
          <>
            <Link to={`/admin/packing-slip?ids=${encodeURIComponent(params.id)}`} className={BUTTON_SECONDARY}>
              Packing slip
            </Link>
            <Link to="/admin/orders" className={BUTTON_SECONDARY}>
              All orders
            </Link>
          </>
        }
      />
      {!data ? (
        <LoadState error={order.error} onRetry={order.reload} />
      ) : (
        // Items first, then what to do with them (on a phone this is the reading order too).
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-6">
            <OrderAttention order={data} onChanged={order.replace} />
            <OrderAddressCheck order={data} onChanged={order.replace} />
            <OrderLines order={data} />
            <OrderMaking order={data} onChanged={order.replace} />
            <OrderActions order={data} onChanged={order.replace} />
            {data.can_cancel_lines && <OrderCancelLines order={data} onChanged={order.replace} />}
            <OrderBankTransferPanel order={data} onChanged={order.reload} />
            <OrderPayments order={data} />
          </div>
          <div className="min-w-0 space-y-6">
            <DeliveryDetails order={data} />
            <OrderAddress order={data} onChanged={order.replace} />
            <OrderEWayBill order={data} onChanged={order.replace} />
            <OrderShipments order={data} onChanged={order.replace} />
            <OrderInvoice order={data} onChanged={order.replace} />
            <OrderCustoms order={data} />
            <OrderEvents order={data} />
          </div>
        </div>
      )}
    </>
  );
}
