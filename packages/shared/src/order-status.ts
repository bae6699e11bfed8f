/**
 * The one order state machine (issues 5 and 11):
 * pending_payment -> paid | cod_confirmed -> shipped -> delivered; cancelled; refunded.
 * returned_to_origin: the courier could not deliver and brought the parcel back to the seller (RTO); its
 * pieces are back in stock. A prepaid one may then be refunded.
 * refunded: the money is back with the shopper (decision 059): a cancelled order moves here on its own once its
 * refund is made; the seller refunds a delivered or returned-to-seller order, and it moves here once the
 * provider has made the refund (or at once, for the transfer a cash-on-delivery shopper is paid by).
 * awaiting_confirmation: a cash-on-delivery order the shopper has yet to confirm with the e-mailed code.
 * expired: a checkout attempt closed unpaid or unconfirmed (its time ran out, or a newer attempt of the same
 * cart replaced it); what it held went back. A payment that still arrives for it is honoured when it can be
 * (paid) and otherwise refunded (cancelled, then refunded).
 * Services refuse any transition not listed here; the admin screens offer only these.
 */
export const ORDER_STATUSES = [
  "pending_payment",
  "awaiting_confirmation",
  "paid",
  "cod_confirmed",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "expired",
  "returned_to_origin",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ["paid", "cod_confirmed", "cancelled", "expired"],
  awaiting_confirmation: ["cod_confirmed", "cancelled", "expired"],
  paid: ["shipped", "cancelled"],
  // paid: the shopper paid a cash-on-delivery order online before it shipped ("pay now", decision 094).
  cod_confirmed: ["shipped", "cancelled", "paid"],
  shipped: ["delivered", "cancelled", "returned_to_origin"],
  delivered: ["refunded"],
  cancelled: ["refunded"],
  refunded: [],
  expired: ["paid", "cancelled"],
  returned_to_origin: ["refunded"],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Checkout attempts that are not orders yet in the shopper's or the seller's eyes (nothing was bought). */
export const UNPLACED_STATUSES = [
  "pending_payment",
  "awaiting_confirmation",
  "expired",
] as const satisfies readonly OrderStatus[];

/** Shopper-facing names of each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  awaiting_confirmation: "Awaiting confirmation",
  paid: "Paid",
  cod_confirmed: "Confirmed (cash on delivery)",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  expired: "Expired (not paid)",
  returned_to_origin: "Returned to seller (not delivered)",
};
