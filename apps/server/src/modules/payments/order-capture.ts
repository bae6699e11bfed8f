import type { Tx } from "../../db/client";
import type { CapturedPayment, ProviderName } from "./provider";
import { refundPayment } from "./refunds";
import { payments } from "./tables";

/**
 * A capture another module took for an order outside checkout (a cash-on-delivery order paid later through its
 * "pay now" link, decision 094), recorded as the order's payment, so its refunds go back through the provider
 * like any prepaid order's. In the caller's transaction; an order has one payment row.
 */
export async function recordOrderCapture(tx: Tx, orderId: number, provider: ProviderName, capture: CapturedPayment) {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId,
      provider,
      providerOrderId: capture.providerOrderId,
      providerPaymentId: capture.paymentId,
      status: "captured",
      amount: capture.amount,
      currency: capture.currency,
      raw: capture.raw,
    })
    .returning();
  return row!;
}

/**
 * The same, for money that arrived when it could no longer be honoured (the order shipped or was cancelled
 * meanwhile): recorded, and all of it owed back. Answers the refund's id, for the caller to try after its commit.
 */
export async function refuseOrderCapture(
  tx: Tx,
  orderId: number,
  provider: ProviderName,
  capture: CapturedPayment,
): Promise<number> {
  const payment = await recordOrderCapture(tx, orderId, provider, capture);
  return refundPayment(tx, payment, { reason: "payment_refused", amount: payment.amount });
}
