import { and, desc, eq } from "drizzle-orm";
import { ORDER_STATUS_LABELS, canTransition, type Currency, type OrderStatusChange, type Refund } from "@store/shared";
import type { Tx } from "../../db/client";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import { releaseHolds } from "./holds";
import { cancellationRefund, fullRefund, type RefundAmounts } from "./refund-policy";
import { orderEvents, orders } from "./tables";
import { lockOrder, transition, type OrderRow } from "./transitions";

/** What a cancelled order was due, read back from its cancellation event when it is later marked refunded. */
async function cancelledRefund(tx: Tx, orderId: number): Promise<RefundAmounts | undefined> {
  const [event] = await tx
    .select({ data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "cancelled")))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const refund = (event?.data as { refund?: RefundAmounts } | null)?.refund;
  return refund && typeof refund.refund_minor === "number" ? refund : undefined;
}

async function refundFor(tx: Tx, order: OrderRow, to: string, now: Date): Promise<RefundAmounts | null> {
  if (to === "cancelled") return cancellationRefund(order, now);
  if (to === "refunded")
    return order.status === "cancelled"
      ? ((await cancelledRefund(tx, order.id)) ?? cancellationRefund(order, now))
      : fullRefund(order);
  return null;
}

export interface StatusChange {
  /** The order as it was before the change. */
  before: OrderRow;
  /** What the shopper is owed back (a cancellation, a refund), with its policy; null for other moves. */
  refund: Refund | null;
}

/**
 * The seller moves an order along the state machine, in the caller's transaction, under the order's row lock:
 * the move is checked, what a cancelled order holds goes back (pieces still on the shelf; shipped ones come
 * back by courier and are counted back by hand; and its promo use), a shipment keeps its tracking number,
 * and the event records the refund owed and the pieces restocked. The payment's side is the payments module's.
 */
export async function changeOrderStatus(
  tx: Tx,
  id: number,
  input: OrderStatusChange,
  now: Date,
): Promise<StatusChange> {
  const order = await lockOrder(tx, id);
  if (!order) throw notFound("Order");
  const to = input.status;
  if (!canTransition(order.status, to)) {
    throw new AppError(
      "conflict",
      `An order that is "${ORDER_STATUS_LABELS[order.status]}" cannot be marked "${ORDER_STATUS_LABELS[to]}".`,
      "INVALID_TRANSITION",
    );
  }
  const amounts = await refundFor(tx, order, to, now);
  const refund: Refund | null = amounts && {
    ...amounts,
    currency: order.currency as Currency,
    status: amounts.refund_minor === 0 ? "none" : to === "refunded" ? "refunded" : "requested",
  };
  const restocked =
    to === "cancelled"
      ? (await releaseHolds(tx, order)).map((p) => ({ variant_id: p.variantId, quantity: p.quantity }))
      : [];
  if (to === "shipped") await tx.update(orders).set({ trackingNumber: input.tracking_number }).where(eq(orders.id, id));
  await transition(tx, order, to, input.note ?? "", {
    by: "admin",
    ...(input.tracking_number && to === "shipped" && { tracking_number: input.tracking_number }),
    ...(refund && { refund }),
    ...(restocked.length > 0 && { restocked }),
  });
  return { before: order, refund };
}
