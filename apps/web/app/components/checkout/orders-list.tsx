import { formatMoney, MESSAGES, shopperDateText, type OrderSummary } from "@store/shared";
import { Link } from "react-router";
import { useApiGet } from "../../lib/use-api-get";
import { OrderStatusBadge } from "../admin/order-status-badge";
import { isoDate } from "../content/format-date";
import { Skeleton } from "../ui/skeleton";
import { orderPath, paymentMethodLabel, piecesText } from "./order-format";

/** The signed-in shopper's orders (GET /api/orders/), newest first, each linking to its page. */
export function OrdersList() {
  const orders = useApiGet<{ data: OrderSummary[] }>("/api/orders/");
  return (
    <div
      aria-busy={orders.status === "loading"}
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8"
    >
      <h2 className="text-2xl font-semibold text-indigo-ink">Your orders</h2>
      {orders.status === "loading" && (
        <div className="mt-6 space-y-4">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      )}
      {orders.status === "error" && (
        <p role="alert" className="mt-4 text-madder">
          {MESSAGES.unexpectedError}
        </p>
      )}
      {orders.status === "success" &&
        (orders.data.data.length === 0 ? (
          <NoOrders />
        ) : (
          <ul className="mt-4 divide-y divide-linen">
            {orders.data.data.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function OrderRow({ order }: { order: OrderSummary }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-4">
      <div className="min-w-0">
        <Link
          to={orderPath(order.id)}
          className="text-lg font-semibold text-indigo-ink underline-offset-4 hover:text-madder hover:underline"
        >
          Order #{order.id}
        </Link>
        <p className="mt-0.5 text-sm text-charcoal/80">
          <time dateTime={isoDate(order.created_at)}>{shopperDateText(order.created_at, order.time_zone)}</time>
          {" · "}
          {piecesText(order.item_count)}
          {" · "}
          {paymentMethodLabel(order.payment_method)}
        </p>
      </div>
      <div className="flex items-center gap-4">
        <OrderStatusBadge status={order.status} />
        <span className="text-lg font-semibold tabular-nums text-charcoal">
          {formatMoney(order.total, order.currency)}
        </span>
      </div>
    </li>
  );
}

function NoOrders() {
  return (
    <p className="mt-4 text-charcoal/85">
      No orders yet.{" "}
      <Link to="/" className="font-semibold text-madder underline-offset-4 hover:underline">
        Start shopping
      </Link>
    </p>
  );
}
