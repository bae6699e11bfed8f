import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  OPEN_RETURN_STATUSES,
  RETURN_INSPECTION_MESSAGES,
  RETURN_STATUS_LABELS,
  sizePhrase,
  type Currency,
  type ReturnInspection,
  type ReturnStatus,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import { offeredVariant, returnStock, takeStock } from "../catalog/inventory";
import { issueCreditNote } from "../invoices/credit";
import { orderLines } from "../orders/tables";
import { lockOrder, transition, type OrderRow } from "../orders/transitions";
import { moneyOf } from "../orders/order-email";
import { reverseSale } from "../orders/reversals";
import { queueReturnNotice } from "../orders/return-notices";
import { recordTransfer, requestRefund } from "../payments/refunds";
import { givenBackFor, issueReturnCredit } from "../store-credit/ledger";
import { giveBackMoneyFirst } from "../payments/credit-back";
import { sendBackInstructions, sentByShopper } from "./abroad";
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
 * exchange or ask the shopper for a return. The pickup is booked after the commit (service.ts); a shopper
 * abroad is told instead where to send the parcel and what to declare (decision 085).
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
  if (sentByShopper(order))
    await queueReturnNotice(tx, order, {
      step: "approved_send_back",
      ...(note && { note }),
      instructions: await sendBackInstructions(tx, order, id),
    });
  else await queueReturnNotice(tx, order, { step: "approved", ...(note && { note }) });
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

/** The parcel is back at the seller's, to be checked before anything is refunded or put back on sale. */
export async function receiveReturn(tx: Tx, id: number): Promise<{ request: ReturnRow; order: OrderRow }> {
  const { request, order } = await lockReturn(tx, id);
  mustBe(request, ["approved"], "marked received");
  await setStatus(tx, request, "received");
  await queueReturnNotice(tx, order, { step: "received" });
  return { request: { ...request, status: "received" }, order };
}

export interface Inspected {
  request: ReturnRow;
  order: OrderRow;
  /** A refund to try at once after the commit (an online payment), or null. */
  refundId: number | null;
}

const fieldError = (path: string, message: string, code = "INSPECTION_NOT_VALID") =>
  new AppError("unprocessable", message, code, [{ path, message }]);

/** How many pieces of each of the request's lines go back on sale: as the seller said, else all of them. */
function restockPlan(pieces: Awaited<ReturnType<typeof piecesOf>>, asked: ReturnInspection["lines"]) {
  asked.forEach((line, i) => {
    const piece = pieces.find((p) => p.piece.id === line.id)?.piece;
    if (!piece) throw fieldError(`body.lines.${i}.id`, "This line is not part of the return.");
    if (line.restock > piece.quantity)
      throw fieldError(`body.lines.${i}.restock`, `Only ${piece.quantity} of this line came back.`);
  });
  return pieces.map(({ piece, line }) => ({
    piece,
    line,
    restock: asked.find((a) => a.id === piece.id)?.restock ?? piece.quantity,
  }));
}

/**
 * The seller checked the parcel (decision 063). Rejected: nothing is refunded or put back on sale (an exchange's
 * kept size goes back), and the shopper is told why. Accepted, whole or for a part of its value: each line's
 * pieces go back on sale or are written off as the seller says, the accepted value is credited against the
 * invoice, and a return's refund is asked (online, through the provider: refunding) or falls due (cash on
 * delivery or an offline provider such as bank transfer: the seller's transfer); an accepted exchange waits for
 * its new parcel (booked after the commit).
 */
export async function inspectReturn(
  tx: Tx,
  id: number,
  input: ReturnInspection,
  photos: string[],
  now: Date,
  /** Whether a payment method is an offline provider's (the payment gateway's `offline`, decision 098). */
  offline: (method: string) => boolean,
): Promise<Inspected> {
  const { request, order } = await lockReturn(tx, id);
  mustBe(request, ["received"], "checked");
  if (request.kind === "exchange" && input.outcome === "accept_part")
    throw fieldError("body.outcome", RETURN_INSPECTION_MESSAGES.exchangePart);
  const pieces = await piecesOf(tx, id);
  const inspection = { inspectionNote: input.note, inspectionPhotos: photos, inspectedAt: now };

  if (input.outcome === "reject") {
    if (request.kind === "exchange")
      await returnStock(
        tx,
        pieces.map(({ piece }) => ({ variantId: piece.exchangeVariantId, quantity: piece.quantity })),
      );
    await setStatus(tx, request, "rejected", { ...inspection, acceptedMinor: 0 });
    await queueReturnNotice(tx, order, { step: "rejected", note: input.note });
    return { request: { ...request, status: "rejected" }, order, refundId: null };
  }

  const accepted = input.outcome === "accept" ? request.refundMinor : Math.round(input.refund_amount! * 100);
  if (accepted > request.refundMinor)
    throw fieldError(
      "body.refund_amount",
      `At most ${moneyOf(order)(request.refundMinor)} can be refunded for these pieces.`,
      "REFUND_ABOVE_PIECES",
    );
  const plan = restockPlan(pieces, input.lines);
  await returnStock(
    tx,
    plan.map(({ line, restock }) => ({ variantId: line.variantId, quantity: restock })),
  );
  for (const { piece, restock } of plan)
    await tx.update(returnLines).set({ restocked: restock }).where(eq(returnLines.id, piece.id));

  let status: ReturnStatus = "accepted";
  let refundId: number | null = null;
  if (request.kind === "return") {
    await reverseSale(
      tx,
      order,
      "goods_returned",
      accepted,
      pieces.map(({ piece }) => ({ orderLineId: piece.orderLineId, pieces: piece.quantity })),
    );
    await issueCreditNote(
      tx,
      order.id,
      {
        kind: "value",
        pieces: pieces.map(({ piece }) => ({ orderLineId: piece.orderLineId, quantity: piece.quantity })),
        amountMinor: accepted,
        reason: "Goods returned",
      },
      now,
    );
    const refund = await refundAccepted(tx, request, order, accepted, paidBySellersTransfer(order, offline));
    status = refund.status;
    refundId =
      status === "refunding"
        ? await requestRefund(tx, order.id, { reason: "return", amount: refund.money, returnId: id })
        : null;
  }
  await setStatus(tx, request, status, { ...inspection, acceptedMinor: accepted });
  const toCredit = request.refundVia === "store_credit" && accepted > 0;
  const part = toCredit
    ? ` ${moneyOf(order)(accepted)} is in your account's store credit now.`
    : accepted < request.refundMinor
      ? ` We are refunding ${moneyOf(order)(accepted)}.`
      : "";
  await queueReturnNotice(tx, order, {
    step: "accepted",
    ...((input.note || part) && { note: `${input.note}${part}`.trim() }),
  });
  if (status === "refunded") await refundOrderWhenAllBack(tx, order);
  return { request: { ...request, status, acceptedMinor: accepted }, order, refundId };
}

/**
 * Where an accepted return's money goes, and the request's state after: nothing to pay (refunded); store
 * credit issued at once in the order's currency (refunded; issue 42); or, money first (decision 088), the
 * order's money takes what it has left, the rest going back at once as the store credit the order spent: all
 * credit (refunded), the seller's transfer when `bySellersTransfer` (refund_due) or the provider's refund, asked
 * by the caller (refunding), of `money`.
 */
async function refundAccepted(
  tx: Tx,
  request: ReturnRow,
  order: OrderRow,
  accepted: number,
  bySellersTransfer: boolean,
): Promise<{ status: ReturnStatus; money: number }> {
  if (accepted === 0) return { status: "refunded", money: 0 };
  if (request.refundVia === "store_credit" && order.userId !== null) {
    await issueReturnCredit(tx, {
      userId: order.userId,
      currency: order.currency as Currency,
      amountMinor: accepted,
      orderId: order.id,
      returnId: request.id,
    });
    return { status: "refunded", money: 0 };
  }
  const { money } = await giveBackMoneyFirst(tx, order, {
    amount: accepted,
    cause: `return:${request.id}`,
    reason: `Return #${request.id}`,
    owedAlready: await transfersDue(tx, order.id, request.id),
  });
  if (money === 0) return { status: "refunded", money };
  return { status: bySellersTransfer ? "refund_due" : "refunding", money };
}

/**
 * Money that no provider can send back: cash on delivery, or an offline provider's (a bank transfer, decision
 * 098). The seller transfers it and records the reference, so the return waits as refund_due.
 */
const paidBySellersTransfer = (order: OrderRow, offline: (method: string) => boolean) =>
  order.paymentMethod === "cod" || offline(order.paymentMethod);

/**
 * The money the order's other accepted returns still wait to be sent by the seller's transfer (cash on delivery,
 * bank transfer): not in the refunds ledger until the seller records it.
 */
async function transfersDue(tx: Tx, orderId: number, exceptId: number): Promise<number> {
  const due = await tx
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.orderId, orderId),
        eq(returnRequests.status, "refund_due"),
        ne(returnRequests.id, exceptId),
      ),
    );
  let owed = 0;
  for (const { id } of due) owed += await transferOwed(tx, id);
  return owed;
}

/** What a return's transfer by the seller sends: its accepted value less the store credit given back for it. */
async function transferOwed(tx: Tx, id: number): Promise<number> {
  const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id));
  if (!request) return 0;
  const accepted = request.acceptedMinor ?? request.refundMinor;
  return accepted - (await givenBackFor(tx, request.orderId, `return:${id}`));
}

/** The provider made a return's refund (the payments module's hook, in its transaction): the return is refunded. */
export async function returnRefundMade(tx: Tx, refund: { reason: string; returnId: number | null }): Promise<void> {
  if (refund.reason !== "return" || refund.returnId === null) return;
  const { request, order } = await lockReturn(tx, refund.returnId);
  if (request.status !== "refunding") return;
  await setStatus(tx, request, "refunded");
  await refundOrderWhenAllBack(tx, order);
}

/**
 * The seller paid a return's refund by UPI or bank transfer, with its reference: to where a cash-on-delivery
 * shopper asked, or back to the account a bank-transfer buyer paid from (no `refund_to` asked).
 */
export async function markRefundPaid(
  tx: Tx,
  id: number,
  reference: string,
): Promise<{ request: ReturnRow; order: OrderRow }> {
  const { request, order } = await lockReturn(tx, id);
  mustBe(request, ["refund_due"], "marked paid");
  await recordTransfer(tx, order, {
    reason: "return",
    amount: await transferOwed(tx, id),
    returnId: id,
    reference,
    destination: maskedDestination(request.refundTo ?? null) ?? "the account you paid from",
  });
  await setStatus(tx, request, "refunded", { payoutReference: reference });
  await refundOrderWhenAllBack(tx, order);
  return { request: { ...request, status: "refunded", payoutReference: reference }, order };
}

/** Requests of the order still being worked through (the order cannot be refunded whole meanwhile). */
export async function openReturns(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, [...OPEN_RETURN_STATUSES])));
  return row?.open ?? 0;
}

/** The exchange's new parcel is on its way (after its booking); the shopper is told how to follow it. */
export async function markExchanged(
  db: Db,
  id: number,
  parcel: { awb: string; courier: string; trackingUrl: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { request, order } = await lockReturn(tx, id);
    if (request.status !== "accepted") return;
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
