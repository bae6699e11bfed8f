import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { RETURN_STATUS_LABELS, sizePhrase, type ReturnStatus } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import { offeredVariant, returnStock, takeStock } from "../catalog/inventory";
import { issueCreditNote } from "../invoices/credit";
import { orderLines } from "../orders/tables";
import { lockOrder, transition, type OrderRow } from "../orders/transitions";
import { queueRefundSentNotice, queueReturnNotice } from "../orders/return-notices";
import { requestPartRefund } from "../payments/order-payments";
import { maskedDestination } from "./rules";
import { returnLines, returnRequests } from "./tables";

export type ReturnRow = typeof returnRequests.$inferSelect;

/** The request and its order, both locked until the transaction ends (the order first, as every writer does). */
export async function lockReturn(tx: Tx, id: number): Promise<{ request: ReturnRow; order: OrderRow }> {
  const [peek] = await tx
    .select({ orderId: returnRequests.orderId })
    .from(returnRequests)
    .where(eq(returnRequests.id, id));
  if (!peek) throw notFound("Return request");
  const order = await lockOrder(tx, peek.orderId);
  const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for("update");
  return { request: request!, order: order! };
}

/** A request's status read in the caller's transaction (the audit's "before"); a missing request is a 404. */
export async function returnStatusOf(tx: Tx, id: number): Promise<ReturnStatus> {
  const [found] = await tx
    .select({ status: returnRequests.status })
    .from(returnRequests)
    .where(eq(returnRequests.id, id));
  if (!found) throw notFound("Return request");
  return found.status;
}

function mustBe(request: ReturnRow, from: readonly ReturnStatus[], action: string): void {
  if (!from.includes(request.status))
    throw new AppError(
      "conflict",
      `This request is "${RETURN_STATUS_LABELS[request.status]}": it cannot be ${action} now.`,
      "RETURN_STEP_NOT_ALLOWED",
    );
}

async function setStatus(tx: Tx, request: ReturnRow, status: ReturnStatus, change: Partial<ReturnRow> = {}) {
  await tx
    .update(returnRequests)
    .set({ ...change, status, updatedAt: sql`now()` })
    .where(eq(returnRequests.id, request.id));
}

/** The pieces a request sends back, with their order lines. */
export async function piecesOf(db: Db | Tx, returnId: number) {
  return db
    .select({ piece: returnLines, line: orderLines })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.id));
}

/**
 * The seller accepts the request. An exchange takes its new sizes from stock now, all or none, so the piece
 * the shopper will get is kept for them; a size sold out since is refused, and the seller may refuse the
 * exchange or ask the shopper for a return. The pickup is booked after the commit (service.ts).
 */
export async function approveReturn(
  tx: Tx,
  id: number,
  note: string,
): Promise<{ request: ReturnRow; order: OrderRow }> {
  const { request, order } = await lockReturn(tx, id);
  mustBe(request, ["requested"], "approved");
  if (request.kind === "exchange") {
    const pieces = await piecesOf(tx, id);
    const wanted = [];
    for (const { piece, line } of pieces) {
      const variant = line.productId === null ? null : await offeredVariant(tx, line.productId, piece.exchangeSize!);
      wanted.push({ piece, line, variantId: variant?.id ?? null });
    }
    const short = await takeStock(
      tx,
      wanted.map((w) => ({ variantId: w.variantId, quantity: w.piece.quantity })),
    );
    if (short !== null) {
      const { line, piece } = wanted[short]!;
      throw new AppError(
        "conflict",
        `${sizePhrase(piece.exchangeSize!)} of ${line.productName} is sold out: refuse the exchange, or ask the shopper for a return.`,
        "SIZE_SOLD_OUT",
      );
    }
    for (const w of wanted)
      await tx.update(returnLines).set({ exchangeVariantId: w.variantId }).where(eq(returnLines.id, w.piece.id));
  }
  await setStatus(tx, request, "approved", { sellerNote: note });
  await queueReturnNotice(tx, order, { step: "approved", ...(note && { note }) });
  return { request: { ...request, status: "approved", sellerNote: note }, order };
}

/** The seller says no, with the reason the shopper is told. */
export async function refuseReturn(tx: Tx, id: number, note: string): Promise<{ request: ReturnRow; order: OrderRow }> {
  const { request, order } = await lockReturn(tx, id);
  mustBe(request, ["requested"], "refused");
  await setStatus(tx, request, "refused", { sellerNote: note });
  await queueReturnNotice(tx, order, { step: "refused", note });
  return { request: { ...request, status: "refused", sellerNote: note }, order };
}

/** The courier booked the return pickup (after the approval's commit); the shopper is told its AWB. */
export async function recordPickup(
  db: Db,
  id: number,
  pickup: { awb: string; courier: string; trackingUrl: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { order } = await lockReturn(tx, id);
    await tx
      .update(returnRequests)
      .set({
        pickupAwb: pickup.awb,
        pickupCourier: pickup.courier,
        pickupTrackingUrl: pickup.trackingUrl,
        updatedAt: sql`now()`,
      })
      .where(eq(returnRequests.id, id));
    await queueReturnNotice(tx, order, {
      step: "pickup_booked",
      note: `Courier: ${pickup.courier}, AWB ${pickup.awb}.${pickup.trackingUrl ? ` Track it at ${pickup.trackingUrl}` : ""}`,
    });
  });
}

export interface Received {
  request: ReturnRow;
  order: OrderRow;
  /** A payment to refund at once after the commit (an online payment), or null. */
  owedPaymentId: number | null;
}

/**
 * The parcel is back and the seller checked it: the pieces go back on the shelf. A return is refunded: an
 * online payment through its provider (the refund queue), a cash-on-delivery one waits as `refund_due` for
 * the seller's transfer; its credit note is issued against the invoice. An exchange waits for its new
 * parcel (service.ts books it after the commit).
 */
export async function receiveReturn(tx: Tx, id: number, now: Date): Promise<Received> {
  const { request, order } = await lockReturn(tx, id);
  mustBe(request, ["approved"], "marked received");
  const pieces = await piecesOf(tx, id);
  await returnStock(
    tx,
    pieces.map(({ piece, line }) => ({ variantId: line.variantId, quantity: piece.quantity })),
  );
  await queueReturnNotice(tx, order, { step: "received" });
  if (request.kind === "exchange") {
    await setStatus(tx, request, "received");
    return { request: { ...request, status: "received" }, order, owedPaymentId: null };
  }
  await issueCreditNote(
    tx,
    order.id,
    {
      kind: "pieces",
      pieces: pieces.map(({ piece }) => ({ orderLineId: piece.orderLineId, quantity: piece.quantity })),
      reason: "Goods returned",
    },
    now,
  );
  const owedPaymentId =
    order.paymentMethod === "cod" ? null : await requestPartRefund(tx, order.id, request.refundMinor);
  const status: ReturnStatus = order.paymentMethod === "cod" ? "refund_due" : "refunded";
  await setStatus(tx, request, status);
  if (status === "refunded") {
    await queueRefundSentNotice(tx, order, {
      amountMinor: request.refundMinor,
      destination: "the card, UPI or wallet you paid with",
    });
    await refundOrderWhenAllBack(tx, order);
  }
  return { request: { ...request, status }, order, owedPaymentId };
}

/** The seller paid a cash-on-delivery shopper's refund by UPI or bank transfer, with its reference. */
export async function markRefundPaid(
  tx: Tx,
  id: number,
  reference: string,
): Promise<{ request: ReturnRow; order: OrderRow }> {
  const { request, order } = await lockReturn(tx, id);
  mustBe(request, ["refund_due"], "marked paid");
  await setStatus(tx, request, "refunded", { payoutReference: reference });
  await queueRefundSentNotice(tx, order, {
    amountMinor: request.refundMinor,
    destination: maskedDestination(request.refundTo ?? null) ?? "your account",
  });
  await refundOrderWhenAllBack(tx, order);
  return { request: { ...request, status: "refunded", payoutReference: reference }, order };
}

/** The exchange's new parcel is on its way (after its booking); the shopper is told how to follow it. */
export async function markExchanged(
  db: Db,
  id: number,
  parcel: { awb: string; courier: string; trackingUrl: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { request, order } = await lockReturn(tx, id);
    if (request.status !== "received") return;
    await setStatus(tx, request, "exchanged");
    await queueReturnNotice(tx, order, {
      step: "exchange_shipped",
      note: `Courier: ${parcel.courier}, AWB ${parcel.awb}.${parcel.trackingUrl ? ` Track it at ${parcel.trackingUrl}` : ""}`,
    });
  });
}

/** Every piece of the order came back and was refunded: the order itself is refunded. */
async function refundOrderWhenAllBack(tx: Tx, order: OrderRow): Promise<void> {
  if (order.status !== "delivered") return;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const kept = lines.reduce((sum, l) => sum + l.quantity - l.cancelledQuantity, 0);
  const [back] = await tx
    .select({ pieces: sql<number>`coalesce(sum(${returnLines.quantity}), 0)::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(and(eq(returnRequests.orderId, order.id), inArray(returnRequests.status, ["refunded"])));
  if ((back?.pieces ?? 0) >= kept) await transition(tx, order, "refunded", "Every piece returned and refunded");
}
