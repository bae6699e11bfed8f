import { z } from "zod";
import { requiredText } from "./input-rules";

/**
 * Money given back, one row each (decision 059): through the payment provider the shopper paid with, or by a
 * transfer the seller made (UPI, NEFT, IMPS) to a cash-on-delivery shopper, recorded with its reference.
 * requested -> refunded (the provider says the money is back) | processing (accepted, not back yet: asked
 * again later) | failed (every try failed: the seller is told and may retry). A transfer is refunded at once.
 */
export const REFUND_STATUSES = ["requested", "processing", "refunded", "failed"] as const;

export const REFUND_METHODS = ["provider", "transfer"] as const;

/**
 * Why the money goes back. The first three and `order_refunded` give back all that is left of the order (it
 * becomes refunded once they are made); pieces and returns give back a part.
 */
export const REFUND_REASONS = [
  "payment_refused",
  "order_cancelled",
  "order_refunded",
  "pieces_cancelled",
  "return",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  payment_refused: "Payment that could not be honoured",
  order_cancelled: "Order cancelled",
  order_refunded: "Order refunded",
  pieces_cancelled: "Pieces cancelled",
  return: "Goods returned",
};

/** A refund as the back office shows it. Amounts in minor units of the order's currency. */
export const adminRefundSchema = z.object({
  id: z.number().int(),
  method: z.enum(REFUND_METHODS),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  amount_minor: z.number().int(),
  /** The provider's refund id, once it took the refund. */
  provider_refund_id: z.string().nullable(),
  /** A transfer's UPI or bank reference. */
  reference: z.string().nullable(),
  return_id: z.number().int().nullable(),
  /** The queue: tries so far, the next one (while requested or processing) and the last error. */
  attempts: z.number().int(),
  next_at: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** A transfer the seller made (UPI, NEFT, IMPS): its reference, as the bank or UPI app shows it. */
export const transferReference = requiredText("refund_reference", 100, {
  missing: "Enter the UPI or bank transfer's reference.",
});
