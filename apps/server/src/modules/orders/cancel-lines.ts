import { asc, eq, sql } from "drizzle-orm";
import { ORDER_STATUS_LABELS, type CancelLines, type Currency, type Refund } from "@store/shared";
import type { Tx } from "../../db/client";
import { queueEmail } from "../../email/outbox";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import { returnStock } from "../catalog/inventory";
import { TO_SHIP_STATUSES } from "./admin-search";
import { piecesCancelledEmail } from "./order-email";
import { reverseSale } from "./reversals";
import { creditPaying } from "./refund-policy";
import { changeOrderStatus, type StatusChange } from "./status-change";
import { orderEvents, orderLines, orders } from "./tables";
import { lockOrder, type OrderRow } from "./transitions";

export interface CancelledPieces {
  line_id: number;
  product_name: string;
  size: string;
  quantity: number;
}

export type LinesCancelled =
  /** The last pieces: the order was cancelled whole, through the status change (its refund policy and all). */
  | { kind: "order"; change: StatusChange }
  | {
      kind: "pieces";
      before: OrderRow;
      totalAfter: number;
      /** `store_credit_minor` of it goes back as store credit (the caller gives it, cause `pieces:<eventId>`). */
      refund: Refund;
      cancelled: CancelledPieces[];
      /** The order event recording this cancellation: its store credit's give-back is once per event. */
      eventId: number;
    };

type Totals = { subtotal: number; discount: number; total: number };

/**
 * The order's totals without `removed` (minor units of pieces at their unit prices). The promo discount is
 * shared out in proportion to the pieces' value; the share of the removed pieces is rounded down, so the
 * shopper is never refunded less than the pieces' value less their exact share (decision 023). Shipping and
 * the wallet's rounding stay: they were for the parcel, which still goes.
 */
export function withoutPieces(order: Totals, removed: number): Totals & { removedDiscount: number } {
  const removedDiscount = order.subtotal > 0 ? Math.floor((order.discount * removed) / order.subtotal) : 0;
  return {
    subtotal: order.subtotal - removed,
    discount: order.discount - removedDiscount,
    total: order.total - (removed - removedDiscount),
    removedDiscount,
  };
}

/** Paid through a provider (not cash on delivery, and not all in store credit). */
const paidOnline = (order: OrderRow) =>
  order.paymentMethod !== "cod" && order.status === "paid" && order.total > order.storeCredit;

/**
 * The seller cancels some pieces of a paid (or cash-on-delivery confirmed) order before it ships, in the
 * caller's transaction under the order's lock: the lines keep what was ordered and count what was cancelled,
 * the pieces go back in stock, the totals shrink, the event records what and how much is owed back, and the
 * shopper is e-mailed. What is owed is for the payments module to ask back. Cancelling every remaining piece
 * cancels the order instead. Asking for more pieces than a line has left is refused and changes nothing.
 */
export async function cancelOrderLines(tx: Tx, id: number, input: CancelLines, now: Date): Promise<LinesCancelled> {
  const order = await lockOrder(tx, id);
  if (!order) throw notFound("Order");
  if (!(TO_SHIP_STATUSES as readonly string[]).includes(order.status)) {
    throw new AppError(
      "conflict",
      `Pieces can be cancelled only before the order ships, while it is paid or confirmed; this order is "${ORDER_STATUS_LABELS[order.status]}".`,
      "LINES_NOT_CANCELLABLE",
    );
  }
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const errors: { path: string; message: string }[] = [];
  input.lines.forEach((c, i) => {
    const line = byId.get(c.line_id);
    const left = line ? line.quantity - line.cancelledQuantity : 0;
    if (!line) errors.push({ path: `body.lines.${i}.line_id`, message: "This line is not part of the order." });
    else if (c.quantity > left)
      errors.push({
        path: `body.lines.${i}.quantity`,
        message:
          left === 0 ? "Every piece of this line is already cancelled." : `Only ${left} of this line can be cancelled.`,
      });
  });
  if (errors.length > 0) throw new AppError("unprocessable", errors[0]!.message, "TOO_MANY_PIECES", errors);

  const cancelled = input.lines.map((c) => {
    const line = byId.get(c.line_id)!;
    return { line, quantity: c.quantity };
  });
  const kept = lines.reduce((sum, l) => sum + l.quantity - l.cancelledQuantity, 0);
  const removedPieces = cancelled.reduce((sum, c) => sum + c.quantity, 0);
  if (removedPieces >= kept) {
    const note = input.note ?? "Every remaining piece cancelled";
    return { kind: "order", change: await changeOrderStatus(tx, id, { status: "cancelled", note }, now) };
  }

  const removed = cancelled.reduce((sum, c) => sum + c.line.unitPrice * c.quantity, 0);
  const after = withoutPieces(order, removed);
  // Money first (decision 088): the pieces' value comes off what the method pays (refunded online, or collected
  // less at the door) until that is used up; only then does store credit the order spent go back.
  const creditBack = creditPaying(order) - creditPaying({ ...order, total: after.total });
  const moneyBack = paidOnline(order) ? order.total - after.total - creditBack : 0;
  const refundMinor = moneyBack + creditBack;
  const refund: Refund = {
    rule: "cancelled_pieces",
    currency: order.currency as Currency,
    paid_minor: paidOnline(order) ? order.total : creditPaying(order),
    fee_minor: 0,
    refund_minor: refundMinor,
    ...(creditBack > 0 && { store_credit_minor: creditBack }),
    status: moneyBack > 0 ? "requested" : creditBack > 0 ? "refunded" : "none",
  };
  for (const c of cancelled) {
    await tx
      .update(orderLines)
      .set({ cancelledQuantity: sql`${orderLines.cancelledQuantity} + ${c.quantity}` })
      .where(eq(orderLines.id, c.line.id));
  }
  await tx
    .update(orders)
    .set({ subtotal: after.subtotal, discount: after.discount, total: after.total, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
  await reverseSale(
    tx,
    order,
    "pieces_cancelled",
    order.total - after.total,
    cancelled.map((c) => ({ orderLineId: c.line.id, pieces: c.quantity })),
  );
  // Paid and confirmed orders hold their pieces (holds.ts); these are on our shelf still, so they go back.
  if (order.stockHeld)
    await returnStock(
      tx,
      cancelled.map((c) => ({ variantId: c.line.variantId, quantity: c.quantity })),
    );

  const pieces: CancelledPieces[] = cancelled.map((c) => ({
    line_id: c.line.id,
    product_name: c.line.productName,
    size: c.line.size,
    quantity: c.quantity,
  }));
  const what = pieces.map((p) => `${p.quantity} x ${p.product_name} (${p.size})`).join(", ");
  // The same status on both sides: the order moved nowhere, its history shows what was taken off it.
  const [event] = await tx
    .insert(orderEvents)
    .values({
      orderId: id,
      fromStatus: order.status,
      toStatus: order.status,
      note: `Cancelled ${what}${input.note ? `: ${input.note}` : ""}`,
      data: {
        by: "admin",
        kind: "pieces_cancelled",
        cancelled: pieces,
        totals: {
          before: { subtotal: order.subtotal, discount: order.discount, total: order.total },
          after: { subtotal: after.subtotal, discount: after.discount, total: after.total },
        },
        refund,
      },
    })
    .returning({ id: orderEvents.id });
  if (order.email) {
    await queueEmail(
      tx,
      piecesCancelledEmail({ ...order, ...after, email: order.email }, pieces, refundMinor, creditBack),
    );
  }
  return { kind: "pieces", before: order, totalAfter: after.total, refund, cancelled: pieces, eventId: event!.id };
}
