import { CANCELLATION_POLICY, type Refund, type RefundRule } from "@store/shared";
import { useEffect, useRef } from "react";
import { formatMinor } from "./format";

const { fullRefundWindowHours: HOURS, inTransitFeePercent: FEE } = CANCELLATION_POLICY;

/** Why the refund is what it is, one sentence per rule of the server's refund policy. */
export const REFUND_RULE_TEXT: Record<RefundRule, string> = {
  nothing_paid: "Nothing was paid online, so there is nothing to refund.",
  within_24h: `Cancelled within ${HOURS} hours of the order: full refund.`,
  in_transit_fee: `Cancelled in transit: ${FEE}% of the order value is kept as the cancellation fee.`,
  not_shipped: "Cancelled before shipping: full refund.",
  full: "Full refund.",
  cancelled_pieces: "Cancelled pieces: their price, less their share of any discount, is refunded.",
};

const STATUS_TEXT: Record<Refund["status"], string> = {
  requested: "Requested from the payment provider",
  refunded: "Refunded",
  none: "No refund",
};

export function RefundResult({ refund }: { refund: Refund }) {
  const money = (minor: number) => formatMinor(minor, refund.currency);
  return (
    <div className="mt-2">
      <p>{REFUND_RULE_TEXT[refund.rule]}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Paid online</dt>
        <dd className="tabular-nums">{money(refund.paid_minor)}</dd>
        <dt>Cancellation fee</dt>
        <dd className="tabular-nums">{money(refund.fee_minor)}</dd>
        <dt>Refund</dt>
        <dd className="font-semibold tabular-nums">{money(refund.refund_minor)}</dd>
        <dt>Refund status</dt>
        <dd>{STATUS_TEXT[refund.status]}</dd>
      </dl>
    </div>
  );
}

export interface ActionOutcome {
  message: string;
  refund: Refund | null;
}

/**
 * What an order action just did, and its refund if any. Focused each time a new outcome arrives, so a
 * screen reader reads it and the keyboard continues from it.
 */
export function ActionOutcomeNote({ outcome }: { outcome: ActionOutcome }) {
  const ref = useRef<HTMLDivElement>(null);
  // Focused on the next frame, after the rest of this commit's effects: a confirm dialog closing in the same
  // commit gives focus back to the button that opened it, which would otherwise take it from this note.
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [outcome]);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-3 rounded-xl bg-sage/15 p-4 text-sm focus:outline-none">
      <p className="font-semibold">{outcome.message}</p>
      {outcome.refund && <RefundResult refund={outcome.refund} />}
    </div>
  );
}
