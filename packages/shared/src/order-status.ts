/**
 * The one order state machine (issue 5):
 * pending_payment -> paid | cod_confirmed -> shipped -> delivered; cancelled; refunded.
 * Services refuse any transition not listed here; the admin screens offer only these.
 */
export const ORDER_STATUSES = ["pending_payment", "paid", "cod_confirmed", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ["paid", "cod_confirmed", "cancelled"],
  paid: ["shipped", "cancelled", "refunded"],
  cod_confirmed: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: ["refunded"],
  cancelled: ["refunded"],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Shopper-facing names of each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  cod_confirmed: "Confirmed (cash on delivery)",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};
