import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { AdminOrderDetail, Refund } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { requestRefund } from "./refunds";
import { payments } from "./tables";

/**
 * One refund at a time per payment (the row holds one): while a refund of cancelled pieces is still owed, a
 * further cancellation waits for it, so no amount is lost or asked twice.
 */
async function refusePartRefundInFlight(tx: Tx, orderId: number): Promise<void> {
  const [owed] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, ["refund_requested", "refund_failed"]),
        isNotNull(payments.refundKey),
      ),
    );
  if (owed)
    throw new AppError(
      "conflict",
      "The refund of pieces cancelled earlier is still being made; try again once the order shows it refunded (or retry it if it failed).",
      "REFUND_IN_PROGRESS",
    );
}

/**
 * In the seller's transaction: an amount for cancelled pieces is owed back on the order's captured payment,
 * under its own idempotency key (the provider refunds each part once). Answers the payment's id to try at once
 * after the commit, or null when nothing was paid online.
 */
export async function requestPartRefund(tx: Tx, orderId: number, amount: number): Promise<number | null> {
  await refusePartRefundInFlight(tx, orderId);
  if (amount <= 0) return null;
  const [captured] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "captured"), isNotNull(payments.providerPaymentId)));
  if (!captured) return null;
  await requestRefund(tx, captured, amount);
  await tx
    .update(payments)
    .set({ refundKey: `refund-order-${orderId}-part-${randomUUID()}` })
    .where(eq(payments.id, captured.id));
  return captured.id;
}

/**
 * The payment follows the money when the seller cancels or refunds an order, in the seller's transaction: a
 * refund the shop owes is requested (the refund queue asks the provider; answers that payment's id, to try at
 * once after the commit), or, where the seller has paid it back, the order's payments are marked refunded.
 */
export async function followOrderRefund(
  tx: Tx,
  orderId: number,
  refund: Pick<Refund, "status" | "refund_minor">,
): Promise<number | null> {
  await refusePartRefundInFlight(tx, orderId);
  if (refund.status === "requested") {
    const [captured] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.orderId, orderId), eq(payments.status, "captured"), isNotNull(payments.providerPaymentId)),
      );
    if (!captured) return null;
    await requestRefund(tx, captured, refund.refund_minor);
    return captured.id;
  }
  if (refund.status === "refunded") {
    await tx
      .update(payments)
      .set({ status: "refunded", updatedAt: sql`now()` })
      .where(
        and(eq(payments.orderId, orderId), inArray(payments.status, ["captured", "refund_requested", "refund_failed"])),
      );
  }
  return null;
}

/** An order's payments as the back office shows them, oldest first. */
export async function paymentsOfOrder(db: Db, orderId: number): Promise<AdminOrderDetail["payments"]> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
  return rows.map((p) => ({
    id: p.id,
    provider: p.provider,
    provider_order_id: p.providerOrderId,
    provider_payment_id: p.providerPaymentId,
    status: p.status,
    amount_minor: p.amount,
    currency: p.currency,
    refund_amount_minor: p.refundAmount,
    refund_attempts: p.refundAttempts,
    refund_next_at: p.refundNextAt?.toISOString() ?? null,
    refund_error: p.refundError,
    part_refunded_minor: p.partRefunded,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }));
}
