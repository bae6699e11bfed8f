import { asc, eq } from "drizzle-orm";
import type { AdminOrderDetail, AdminRefund } from "@store/shared";
import type { Db } from "../../db/client";
import { payments, refunds } from "./tables";

/** An order's payments and refunds as the back office shows them, oldest first. */
export async function moneyOfOrder(
  db: Db,
  orderId: number,
): Promise<{ payments: AdminOrderDetail["payments"]; refunds: AdminRefund[] }> {
  const [paid, given] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
  ]);
  return {
    payments: paid.map((p) => ({
      id: p.id,
      provider: p.provider,
      provider_order_id: p.providerOrderId,
      provider_payment_id: p.providerPaymentId,
      status: p.status,
      amount_minor: p.amount,
      currency: p.currency,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    })),
    refunds: given.map((r) => ({
      id: r.id,
      method: r.method,
      reason: r.reason,
      status: r.status,
      amount_minor: r.amount,
      provider_refund_id: r.providerRefundId,
      reference: r.reference,
      return_id: r.returnId,
      attempts: r.attempts,
      next_at: r.nextAt?.toISOString() ?? null,
      error: r.error,
      created_at: r.createdAt.toISOString(),
      refunded_at: r.refundedAt?.toISOString() ?? null,
    })),
  };
}
