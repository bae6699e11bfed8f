import type { AdminOrderDetail, Currency } from "@store/shared";
import { formatMinor, formatWhen } from "./format";

type Payment = AdminOrderDetail["payments"][number];

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  created: "Awaiting payment",
  captured: "Paid",
  failed: "Failed",
  refund_requested: "Refund requested",
  refund_failed: "Refund failed",
  refunded: "Refunded",
};

export const paymentStatusLabel = (status: string) => PAYMENT_STATUS_LABELS[status] ?? status;

export type RefundState = { tone: "pending" | "failed" | "done"; text: string };

const tries = (n: number) => `${n} ${n === 1 ? "try" : "tries"}`;

/** What became of the money owed back on a payment, in the seller's words; null when nothing is owed. */
export function refundState(payment: Payment, currency: Currency): RefundState | null {
  const amount = formatMinor(payment.refund_amount_minor ?? payment.amount_minor, currency);
  const lastError = payment.refund_error ? ` Last error: ${payment.refund_error}` : "";
  switch (payment.status) {
    case "refund_requested":
      return {
        tone: "pending",
        text:
          payment.refund_attempts === 0
            ? `Refund of ${amount} requested from the provider.`
            : `Refund of ${amount} requested: ${tries(payment.refund_attempts)} failed so far; next try: ${formatWhen(payment.refund_next_at)}.${lastError}`,
      };
    case "refund_failed":
      return {
        tone: "failed",
        text: `Refund of ${amount} failed after ${tries(payment.refund_attempts)} and will not be tried again on its own.${lastError}`,
      };
    case "refunded":
      return { tone: "done", text: `Refunded ${amount}.` };
    default:
      return null;
  }
}

/** The payment whose refund failed for good: what "Retry refund" acts on. */
export const failedRefund = (order: AdminOrderDetail) => order.payments.find((p) => p.status === "refund_failed");

/** What "Retry refund" did, read from the order the server answered. */
export function retryOutcome(order: AdminOrderDetail): string {
  const payment = order.payments.find((p) => ["refund_requested", "refund_failed", "refunded"].includes(p.status));
  const state = payment && refundState(payment, order.currency);
  if (!payment || !state) return "The refund was retried.";
  if (state.tone === "done") return `The refund went through. ${state.text}`;
  if (state.tone === "failed")
    return `The refund failed again.${payment.refund_error ? ` Last error: ${payment.refund_error}` : ""}`;
  return `The provider did not take the refund yet. Next try: ${formatWhen(payment.refund_next_at)}.`;
}
