import type { OrderStatus } from "@store/shared";
import { statusLabel } from "./format";

const TONES: Record<OrderStatus, string> = {
  pending_payment: "bg-turmeric/20 text-charcoal",
  awaiting_confirmation: "bg-turmeric/20 text-charcoal",
  paid: "bg-sage/20 text-charcoal",
  cod_confirmed: "bg-sage/20 text-charcoal",
  shipped: "bg-indigo-ink/10 text-indigo-ink",
  delivered: "bg-indigo-ink text-white",
  cancelled: "bg-madder/10 text-madder",
  refunded: "bg-charcoal/10 text-charcoal",
  expired: "bg-charcoal/5 text-charcoal/70",
  returned_to_origin: "bg-madder text-white",
};

/** An order's status in the shop's words, coloured by how far along it is. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {statusLabel(status)}
    </span>
  );
}
