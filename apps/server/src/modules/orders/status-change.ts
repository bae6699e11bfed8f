import { eq } from "drizzle-orm";
import {
  HAND_DELIVERED,
  ORDER_STATUS_LABELS,
  OTHER_CARRIER,
  canTransition,
  handCarrierName,
  type Currency,
  type OrderStatusChange,
  type Refund,
} from "@store/shared";
import type { Tx } from "../../db/client";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import { queueHandShippedNotice } from "./hand-shipped";
import { releaseHolds } from "./holds";
import { reverseRestOfSale } from "./reversals";
import { amountPaid, cancellationRefund } from "./refund-policy";
import { orders } from "./tables";
import { lockOrder, transition, type OrderRow } from "./transitions";

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
  // Refunding a whole order is its own step (lockOrderForRefund): the money must be sent before it says so.
  input: OrderStatusChange & { status: Exclude<OrderStatusChange["status"], "refunded"> },
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
  const amounts = to === "cancelled" ? cancellationRefund(order, now) : null;
  const refund: Refund | null = amounts && {
    ...amounts,
    currency: order.currency as Currency,
    status: amounts.refund_minor === 0 ? "none" : "requested",
  };
  const restocked =
    to === "cancelled"
      ? (await releaseHolds(tx, order)).map((p) => ({ variant_id: p.variantId, quantity: p.quantity }))
      : [];
  const hand = to === "shipped" ? handShipping(input) : null;
  if (hand)
    await tx
      .update(orders)
      .set({ trackingNumber: hand.trackingNumber, handCarrier: hand.carrier, handCarrierName: hand.carrierName })
      .where(eq(orders.id, id));
  if (to === "cancelled") await reverseRestOfSale(tx, order, "order_cancelled", refund?.fee_minor ?? 0);
  // The history says who took a parcel shipped by hand, before the seller's own note.
  const note = [hand && handShippedNote(hand), input.note].filter(Boolean).join(". ");
  await transition(tx, order, to, note, {
    by: "admin",
    ...(hand?.trackingNumber && { tracking_number: hand.trackingNumber }),
    ...(hand?.carrier && { carrier: hand.carrier }),
    ...(refund && { refund }),
    ...(restocked.length > 0 && { restocked }),
  });
  // Shipped by hand tells the shopper as a courier booking does (decision 077).
  if (hand)
    await queueHandShippedNotice(tx, {
      ...order,
      status: "shipped",
      trackingNumber: hand.trackingNumber,
      handCarrier: hand.carrier,
      handCarrierName: hand.carrierName,
    });
  return { before: order, refund };
}

function handShippedNote(hand: ReturnType<typeof handShipping>): string {
  if (hand.carrier === HAND_DELIVERED) return "Delivered by hand, no tracking number";
  if (!hand.carrier) return "";
  return `Shipped with ${handCarrierName(hand.carrier, hand.carrierName)}, tracking number ${hand.trackingNumber}`;
}

/** What a parcel shipped by hand records: its number (none when delivered by hand) and who took it. */
function handShipping(input: OrderStatusChange) {
  const carrier = input.carrier ?? null;
  return {
    trackingNumber: carrier === HAND_DELIVERED ? null : (input.tracking_number ?? null),
    carrier,
    carrierName: carrier === OTHER_CARRIER ? (input.carrier_name ?? null) : null,
  };
}

/**
 * The seller refunds all that is left of an order, under its row lock: one delivered (a goodwill refund, or
 * a parcel lost on the way back) or returned to the seller undelivered. A paid order not delivered is
 * cancelled instead (its cancellation refunds it), and an order nothing was paid for cannot be refunded. The
 * refund itself, and the move to refunded once it is made, are the payments module's. Answers the order and
 * what was paid for it.
 */
export async function lockOrderForRefund(tx: Tx, id: number): Promise<{ order: OrderRow; paid: number }> {
  const order = await lockOrder(tx, id);
  if (!order) throw notFound("Order");
  if (order.status !== "delivered" && order.status !== "returned_to_origin")
    throw new AppError(
      "conflict",
      `An order that is "${ORDER_STATUS_LABELS[order.status]}" cannot be refunded${canTransition(order.status, "cancelled") ? ": cancel it, and its cancellation refunds what was paid" : ""}.`,
      "INVALID_TRANSITION",
    );
  const paid = amountPaid(order);
  if (paid === 0)
    throw new AppError(
      "conflict",
      "Nothing was paid for this order: cash on delivery is collected at the door, and this parcel came back undelivered.",
      "NOTHING_PAID",
    );
  return { order, paid };
}
