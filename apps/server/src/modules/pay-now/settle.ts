import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { refusal, type Refusal } from "../../errors";
import { issueCreditNote } from "../invoices/credit";
import { convertToPrepaid } from "../orders/pay-now-conversion";
import { lockOrder } from "../orders/transitions";
import { recordOrderCapture, refuseOrderCapture } from "../payments/order-capture";
import type { CapturedPayment, ProviderName } from "../payments/provider";
import { hasOrderParcel } from "../shipping/book";
import { payNowNudges, type PayNowNudgeRow } from "./tables";

export type PayNowSettled =
  | { kind: "converted"; nudge: PayNowNudgeRow }
  /** The money came too late (shipped or cancelled meanwhile): recorded and owed back; refundId to try now. */
  | { kind: "refused"; refusal: Refusal; refundId: number | null }
  | { kind: "mismatch" };

/** Why a link no longer takes money, the same words on the page and after a late payment. */
export function closedReason(order: { status: string; paymentMethod: string }, booked: boolean): Refusal | null {
  if (order.status === "cancelled" || order.status === "refunded" || order.status === "expired")
    return refusal("conflict", "ORDER_CANCELLED", "This order was cancelled, so there is nothing to pay.");
  if (order.paymentMethod !== "cod")
    return refusal("conflict", "ALREADY_PAID", "This order is already paid online. Thank you!");
  if (booked || order.status !== "cod_confirmed")
    return refusal(
      "conflict",
      "ORDER_SHIPPED",
      "Your order has shipped: please pay the courier in cash when it arrives.",
    );
  return null;
}

/**
 * A captured payment for a nudge's provider order, from the shopper's verify or the provider's webhook (payments
 * hands it the webhook's captures no order owns, through services.ts). Under the order's lock, then the nudge's,
 * so the two settle once between them (decision 094): the order still waiting for its parcel becomes prepaid
 * (its payment recorded for refunds, its total less the discount, the sale and the invoice following); one that
 * shipped or was cancelled meanwhile gets all of it back. Null: not a nudge's provider order.
 */
export async function settlePayNowCapture(
  db: Db,
  provider: ProviderName,
  capture: CapturedPayment,
): Promise<PayNowSettled | null> {
  const ofCapture = and(eq(payNowNudges.provider, provider), eq(payNowNudges.providerOrderId, capture.providerOrderId));
  const [peek] = await db.select({ orderId: payNowNudges.orderId }).from(payNowNudges).where(ofCapture);
  if (!peek) return null;
  return db.transaction(async (tx): Promise<PayNowSettled | null> => {
    const order = await lockOrder(tx, peek.orderId);
    const [nudge] = await tx.select().from(payNowNudges).where(ofCapture).for("update");
    if (!order || !nudge) return null;
    if (nudge.convertedAt) return { kind: "converted", nudge };
    if (capture.amount !== nudge.amountDue || capture.currency !== order.currency) return { kind: "mismatch" };
    const closed = closedReason(order, await hasOrderParcel(tx, order.id));
    if (closed) {
      // Seen before: its refund was asked then.
      if (nudge.providerPaymentId === capture.paymentId) return { kind: "refused", refusal: closed, refundId: null };
      const refundId = await refuseOrderCapture(tx, order.id, provider, capture);
      await tx
        .update(payNowNudges)
        .set({ providerPaymentId: capture.paymentId })
        .where(eq(payNowNudges.orderId, order.id));
      return {
        kind: "refused",
        refusal: refusal("conflict", closed.code, `${closed.message} Your online payment will be refunded.`),
        refundId,
      };
    }
    await recordOrderCapture(tx, order.id, provider, capture);
    await convertToPrepaid(tx, order, { provider, discount: nudge.discount, paymentId: capture.paymentId });
    // The invoice was issued at confirmation for the full value: the discount lowers the value of the supply, so
    // a credit note takes it back (CGST Act s. 34(1)), spread over the lines at their rates.
    if (nudge.discount > 0)
      await issueCreditNote(
        tx,
        order.id,
        { kind: "discount", amountMinor: nudge.discount, reason: "Discount for paying online" },
        new Date(),
      );
    const [converted] = await tx
      .update(payNowNudges)
      .set({ convertedAt: sql`now()`, providerPaymentId: capture.paymentId })
      .where(eq(payNowNudges.orderId, order.id))
      .returning();
    return { kind: "converted", nudge: converted! };
  });
}

/** The webhook's hook: true when the capture was a nudge's (settled now, before, or refused). */
export const payNowWebhookCapture = (db: Db) => async (provider: ProviderName, capture: CapturedPayment) =>
  (await settlePayNowCapture(db, provider, capture)) !== null;
