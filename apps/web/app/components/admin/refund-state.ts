import { REFUND_REASON_LABELS, type AdminOrderDetail, type AdminRefund, type Currency } from "@store/shared";
import { formatMinor, formatWhen } from "./format";

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  created: "Awaiting payment",
  captured: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

export const paymentStatusLabel = (status: string) => PAYMENT_STATUS_LABELS[status] ?? status;

export type RefundState = { tone: "pending" | "failed" | "done"; text: string };

const tries = (n: number) => `${n} ${n === 1 ? "try" : "tries"}`;

/** Where one refund stands, in the seller's words (decision 059): said refunded only once the money was sent. */
export function refundState(refund: AdminRefund, currency: Currency): RefundState {
  const what = `${REFUND_REASON_LABELS[refund.reason]}: ${formatMinor(refund.amount_minor, currency)}`;
  const lastError = refund.error ? ` Last error: ${refund.error}` : "";
  switch (refund.status) {
    case "requested":
      return {
        tone: "pending",
        text:
          refund.attempts === 0
            ? `${what} requested from the provider.`
            : `${what} requested: ${tries(refund.attempts)} failed so far; next try: ${formatWhen(refund.next_at)}.${lastError}`,
      };
    case "processing":
      return {
        tone: "pending",
        text: `${what} accepted by the provider (${refund.provider_refund_id}), not yet back with the shopper; the shop asks again at ${formatWhen(refund.next_at)}.`,
      };
    case "failed":
      return {
        tone: "failed",
        text: `${what} failed after ${tries(refund.attempts)} and will not be tried again on its own.${lastError}`,
      };
    case "refunded":
      return {
        tone: "done",
        text:
          refund.method === "transfer"
            ? `${what} paid by transfer, reference ${refund.reference}.`
            : `${what} refunded (${refund.provider_refund_id}).`,
      };
  }
}

/** The refunds that failed for good: what "Retry refund" acts on. */
export const failedRefunds = (order: AdminOrderDetail) => order.refunds.filter((r) => r.status === "failed");

/** What "Retry refund" did, read from the order the server answered. */
export function retryOutcome(order: AdminOrderDetail, retried: readonly number[]): string {
  const again = order.refunds.filter((r) => retried.includes(r.id));
  if (again.length > 0 && again.every((r) => r.status === "refunded")) return "The refund went through.";
  const failed = again.find((r) => r.status === "failed");
  if (failed) return `The refund failed again.${failed.error ? ` Last error: ${failed.error}` : ""}`;
  const next = again.find((r) => r.next_at)?.next_at ?? null;
  return `The provider did not make the refund yet. Next check: ${formatWhen(next)}.`;
}
