import { and, asc, eq, gt, sql } from "drizzle-orm";
import { ORDER_STATUS_LABELS, type OrderStatus } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { refusal } from "../../errors";
import { notFound } from "../../lib/failures";
import { returnStock, type Pieces } from "../catalog/inventory";
import { adminEmails } from "../accounts/admins";
import { queueEmail } from "../../email/outbox";
import { reverseRestOfSale } from "./reversals";
import { orderEvents, orderLines, orders } from "./tables";
import { lockOrder, transition, type OrderRow } from "./transitions";

/** An order the courier may take: paid online or cash on delivery confirmed, not shipped, not cancelled. */
export async function lockOrderToShip(tx: Tx, orderId: number): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound("Order");
  if (order.status !== "paid" && order.status !== "cod_confirmed")
    throw refusal(
      "conflict",
      "NOT_SHIPPABLE",
      `Order ${orderId} is "${ORDER_STATUS_LABELS[order.status]}": only paid or cash-on-delivery confirmed orders can be shipped.`,
    );
  return order;
}

/** The pieces still in the order (those the seller cancelled are not shipped): what the parcel holds. */
export async function piecesToShip(tx: Tx, orderId: number) {
  return tx
    .select({
      lineId: orderLines.id,
      variantId: orderLines.variantId,
      productName: orderLines.productName,
      size: orderLines.size,
      unitPrice: orderLines.unitPrice,
      quantity: sql<number>`${orderLines.quantity} - ${orderLines.cancelledQuantity}`.mapWith(Number),
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), gt(orderLines.quantity, orderLines.cancelledQuantity)))
    .orderBy(asc(orderLines.id));
}

/** The courier took the parcel: the order is shipped with its AWB (the tracking number) and courier. */
export async function markShipped(
  tx: Tx,
  order: OrderRow,
  parcel: { awb: string; courier: string; trackingUrl: string },
): Promise<OrderRow> {
  await tx.update(orders).set({ trackingNumber: parcel.awb }).where(eq(orders.id, order.id));
  await transition(tx, order, "shipped", `Shipped with ${parcel.courier}, AWB ${parcel.awb}`, {
    by: "courier",
    tracking_number: parcel.awb,
    carrier: parcel.courier,
    tracking_url: parcel.trackingUrl,
  });
  return { ...order, status: "shipped", trackingNumber: parcel.awb };
}

/** The courier delivered: a shipped order becomes delivered (false: it was not shipped, nothing changed). */
export async function markDelivered(tx: Tx, orderId: number, note: string): Promise<OrderRow | null> {
  const order = await lockOrder(tx, orderId);
  if (order?.status !== "shipped") return null;
  await transition(tx, order, "delivered", note, { by: "courier" });
  return { ...order, status: "delivered" };
}

/**
 * The parcel came back undelivered (RTO): the order is returned_to_origin and its pieces go back on the
 * shelf through the catalogue's inventory (they are in the seller's hands again). Answers the order and the
 * pieces restocked, or null when the order was not shipped (nothing changed).
 */
export async function markReturnedToOrigin(
  tx: Tx,
  orderId: number,
  note: string,
): Promise<{ order: OrderRow; restocked: Pieces[] } | null> {
  const order = await lockOrder(tx, orderId);
  if (order?.status !== "shipped") return null;
  const pieces: Pieces[] = order.stockHeld
    ? (await piecesToShip(tx, orderId)).map((p) => ({ variantId: p.variantId, quantity: p.quantity }))
    : [];
  await returnStock(tx, pieces);
  await tx.update(orders).set({ stockHeld: false }).where(eq(orders.id, orderId));
  await reverseRestOfSale(tx, order, "returned_to_origin");
  await transition(tx, order, "returned_to_origin", note, {
    by: "courier",
    restocked: pieces.map((p) => ({ variant_id: p.variantId, quantity: p.quantity })),
  });
  return { order: { ...order, status: "returned_to_origin", stockHeld: false }, restocked: pieces };
}

/** A shipped order, for a notice that changes nothing (out for delivery). */
export async function readOrder(tx: Db | Tx, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** Orders called back by the seller (cancelled after shipping, then perhaps refunded). */
const AFTER_CANCEL: readonly OrderStatus[] = ["cancelled", "refunded"];

/**
 * A cancelled order's parcel came back to the seller (or the courier cancelled it before pickup): its pieces go
 * back on the shelf, recorded in the order's history. Nothing happens for an order whose pieces are not out
 * (not cancelled after shipping, or counted back already).
 */
export async function markCancelledParcelBack(tx: Tx, orderId: number, note: string): Promise<Pieces[]> {
  const order = await lockOrder(tx, orderId);
  if (!order || !AFTER_CANCEL.includes(order.status) || !order.stockHeld) return [];
  const pieces = (await piecesToShip(tx, orderId)).map((p) => ({ variantId: p.variantId, quantity: p.quantity }));
  await returnStock(tx, pieces);
  await tx
    .update(orders)
    .set({ stockHeld: false, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  await sameStatusEvent(tx, order, note, {
    by: "courier",
    restocked: pieces.map((p) => ({ variant_id: p.variantId, quantity: p.quantity })),
  });
  return pieces;
}

/**
 * The courier delivered a parcel whose order was cancelled (and refunded): nothing is lost. The order is flagged
 * for the seller, its history says so, and the seller is e-mailed to settle it with the shopper.
 */
export async function flagDeliveredAfterCancel(tx: Tx, orderId: number, note: string): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (!order || !AFTER_CANCEL.includes(order.status)) return;
  const attention = `Delivered after it was ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: ask the shopper to send it back or to pay for it.`;
  await tx
    .update(orders)
    .set({ attention, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  await sameStatusEvent(tx, order, `${note}. ${attention}`, { by: "courier", attention });
  for (const to of await adminEmails(tx))
    await queueEmail(tx, {
      to,
      subject: `Order #${orderId} was delivered after you cancelled it`,
      text: [
        `The courier delivered order #${orderId} to ${order.deliveryName} (${order.city}) although it was ${ORDER_STATUS_LABELS[order.status].toLowerCase()}.`,
        "Ask the shopper to send the parcel back, or to pay for it, then mark it resolved on the order's page.",
        "",
        `Open it in the back office: /admin/orders/${orderId}`,
      ].join("\n"),
    });
}

/** The seller settled what the order was flagged for (answers the flag cleared, or null when there was none). */
export async function clearAttention(tx: Tx, orderId: number, note: string): Promise<string | null> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound("Order");
  if (!order.attention) return null;
  await tx
    .update(orders)
    .set({ attention: null, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  await sameStatusEvent(tx, order, `Resolved: ${note}`, { by: "admin", resolved: order.attention });
  return order.attention;
}

/** A step in the order's history that moves no status (a parcel back, a flag raised or cleared). */
async function sameStatusEvent(tx: Tx, order: OrderRow, note: string, data: unknown): Promise<void> {
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, note, data });
}
