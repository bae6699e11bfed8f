import { CANCELLATION_POLICY, paidWithStoreCredit, type OrderStatus, type Refund } from "@store/shared";

/** What a refund decision needs to know about an order. Money in minor units of its currency. */
export interface RefundableOrder {
  status: OrderStatus;
  paymentMethod: string;
  total: number;
  /** Store credit spent at checkout (decision 088). */
  storeCredit: number;
  /** Cash on delivery's advance paid online (decision 093); absent or 0 for every other order. */
  codAdvance?: number;
  createdAt: Date;
}

export type RefundAmounts = Pick<Refund, "rule" | "paid_minor" | "fee_minor" | "refund_minor">;

const HOUR_MS = 60 * 60 * 1000;

/** A confirmed order: the store credit it spent pays for it, whatever becomes of its money. */
const CONFIRMED: readonly OrderStatus[] = ["paid", "cod_confirmed", "shipped", "delivered", "returned_to_origin"];

/**
 * The store credit still paying for the order (decision 088): what it spent, less what cancelled pieces took
 * back once its money was used up (money first), so never more than the order's total now.
 */
export const creditPaying = (order: Pick<RefundableOrder, "total" | "storeCredit">): number =>
  paidWithStoreCredit(order.total, order.storeCredit).credit;

/**
 * What the payment method pays (decision 088): the total less the store credit paying for it. For cash on
 * delivery it is what the courier collects, less the advance paid online (decision 093); 0 for an order the
 * credit pays whole.
 */
export const toPayByMethod = (order: Pick<RefundableOrder, "total" | "storeCredit" | "codAdvance">): number =>
  Math.max(0, paidWithStoreCredit(order.total, order.storeCredit).rest - (order.codAdvance ?? 0));

/**
 * What the payment provider charges: the rest after store credit for an online order, the advance for cash on
 * delivery with one (decision 093).
 */
export const toPayOnline = (
  order: Pick<RefundableOrder, "paymentMethod" | "total" | "storeCredit" | "codAdvance">,
): number => (order.paymentMethod === "cod" ? (order.codAdvance ?? 0) : toPayByMethod(order));

/**
 * What the shopper has paid: the store credit spent once the order is confirmed, and its money: online orders
 * once paid (and while shipped, delivered, or returned to the seller undelivered); cash on delivery only once
 * delivered, since the courier collects it at the door.
 */
export function amountPaid(order: RefundableOrder): number {
  const collected =
    order.paymentMethod === "cod"
      ? order.status === "delivered"
      : ["paid", "shipped", "delivered", "returned_to_origin"].includes(order.status);
  // An advance (decision 093) was paid online before the order was confirmed.
  const advance = order.paymentMethod === "cod" && CONFIRMED.includes(order.status) ? (order.codAdvance ?? 0) : 0;
  return (
    (collected ? toPayByMethod(order) : 0) + advance + (CONFIRMED.includes(order.status) ? creditPaying(order) : 0)
  );
}

/**
 * The spec's cancellation policy (section 9): cancelled within 24 hours of ordering, a full refund; once
 * in transit (shipped), a fee of 10% of the order value is kept. The spec names no fee for an order
 * cancelled later but before it ships, so that is a full refund too: the fee pays for a journey that
 * has not begun.
 */
export function cancellationRefund(order: RefundableOrder, now: Date): RefundAmounts {
  const paid = amountPaid(order);
  if (paid === 0) return { rule: "nothing_paid", paid_minor: 0, fee_minor: 0, refund_minor: 0 };
  if (now.getTime() - order.createdAt.getTime() <= CANCELLATION_POLICY.fullRefundWindowHours * HOUR_MS) {
    return { rule: "within_24h", paid_minor: paid, fee_minor: 0, refund_minor: paid };
  }
  if (order.status !== "shipped") return { rule: "not_shipped", paid_minor: paid, fee_minor: 0, refund_minor: paid };
  // Minor units keep this exact to the paisa or cent; half a paisa rounds to the nearest.
  const fee = Math.min(paid, Math.round((order.total * CANCELLATION_POLICY.inTransitFeePercent) / 100));
  return { rule: "in_transit_fee", paid_minor: paid, fee_minor: fee, refund_minor: paid - fee };
}

/** Refunding a paid, delivered (a return) or returned-to-origin order gives back everything paid. */
export function fullRefund(order: RefundableOrder): RefundAmounts {
  const paid = amountPaid(order);
  return { rule: paid === 0 ? "nothing_paid" : "full", paid_minor: paid, fee_minor: 0, refund_minor: paid };
}
