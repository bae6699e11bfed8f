import type { AdminOrderDetail, AdminRefund } from "@store/shared";
import { describe, expect, it } from "vitest";
import { formatWhen } from "./format";
import { failedRefunds, paymentStatusLabel, refundState, retryOutcome } from "./refund-state";

const refund = (over: Partial<AdminRefund>): AdminRefund => ({
  id: 1,
  method: "provider",
  reason: "order_cancelled",
  status: "requested",
  amount_minor: 229_900,
  provider_refund_id: null,
  reference: null,
  return_id: null,
  attempts: 0,
  next_at: null,
  error: null,
  created_at: "2026-11-24T10:00:00Z",
  refunded_at: null,
  ...over,
});
const order = (refunds: AdminRefund[]) => ({ id: 9, currency: "INR", refunds }) as AdminOrderDetail;
const ERROR = "Razorpay answered 503: The server is temporarily unavailable";

describe("a refund in the back office", () => {
  it("names the payment's own states", () => {
    expect(paymentStatusLabel("captured")).toBe("Paid");
    expect(paymentStatusLabel("refunded")).toBe("Refunded");
  });

  it("shows a queued refund with its tries, next try and last error", () => {
    expect(refundState(refund({ amount_minor: 100_000 }), "INR")).toEqual({
      tone: "pending",
      text: "Order cancelled: ₹1,000 requested from the provider.",
    });
    const next = "2026-11-24T10:06:00Z";
    expect(refundState(refund({ attempts: 2, next_at: next, error: ERROR }), "INR")).toEqual({
      tone: "pending",
      text: `Order cancelled: ₹2,299 requested: 2 tries failed so far; next try: ${formatWhen(next)}. Last error: ${ERROR}`,
    });
  });

  it("never calls a refund the provider took but had not made refunded", () => {
    const next = "2026-11-24T10:30:00Z";
    const state = refundState(
      refund({ status: "processing", provider_refund_id: "rfnd_1", next_at: next, reason: "return" }),
      "INR",
    );
    expect(state.tone).toBe("pending");
    expect(state.text).toBe(
      `Goods returned: ₹2,299 accepted by the provider (rfnd_1), not yet back with the shopper; the shop asks again at ${formatWhen(next)}.`,
    );
  });

  it("shows a made refund with the provider's id, or the seller's transfer reference", () => {
    expect(refundState(refund({ status: "refunded", provider_refund_id: "rfnd_9" }), "INR").text).toBe(
      "Order cancelled: ₹2,299 refunded (rfnd_9).",
    );
    expect(
      refundState(refund({ status: "refunded", method: "transfer", reference: "UPI 4123", reason: "return" }), "INR")
        .text,
    ).toBe("Goods returned: ₹2,299 paid by transfer, reference UPI 4123.");
  });

  it("shows a refund that failed for good with its error, and offers it for a retry", () => {
    const failed = refund({ id: 2, status: "failed", attempts: 1, error: ERROR });
    expect(refundState(failed, "INR")).toEqual({
      tone: "failed",
      text: `Order cancelled: ₹2,299 failed after 1 try and will not be tried again on its own. Last error: ${ERROR}`,
    });
    expect(failedRefunds(order([refund({ status: "refunded" }), failed]))).toEqual([failed]);
    expect(failedRefunds(order([refund({ status: "refunded" })]))).toEqual([]);
  });

  it("tells what a retry did", () => {
    expect(retryOutcome(order([refund({ status: "refunded" })]), [1])).toBe("The refund went through.");
    expect(retryOutcome(order([refund({ status: "failed", attempts: 1, error: ERROR })]), [1])).toBe(
      `The refund failed again. Last error: ${ERROR}`,
    );
    const next = "2026-11-24T10:01:00Z";
    expect(retryOutcome(order([refund({ attempts: 1, next_at: next })]), [1])).toBe(
      `The provider did not make the refund yet. Next check: ${formatWhen(next)}.`,
    );
  });
});
