import {
  CANCELLATION_POLICY,
  ORDER_STATUS_MESSAGES,
  orderStatusChangeSchema,
  transferReference,
  type AdminOrderDetail,
  type AdminOrderTarget,
  type OrderStatusChangeResponse,
} from "@store/shared";
import { useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { ConfirmDialog } from "./confirm-dialog";
import { fieldsFromIssues } from "./failures";
import { formatMinor, PAYMENT_LABELS } from "./format";
import { TextArea, TextInput } from "./form-controls";
import { HandCarrierFields, handShippingBody, NO_HAND_SHIPPING, type HandShipping } from "./hand-carrier-fields";
import { OrderTrackingCorrection } from "./order-tracking";
import { ActionOutcomeNote, type ActionOutcome } from "./refund-result";
import { failedRefunds, retryOutcome } from "./refund-state";
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";
import { useBackOfficeRole } from "./admin-access";

const DONE: Record<AdminOrderTarget, string> = {
  shipped: "The order is marked shipped.",
  delivered: "The order is marked delivered.",
  cancelled: "The order is cancelled.",
  refunded: "The refund is on its way.",
};

/** The spec's cancellation policy, as the server applies it (decision 007). */
function CancellationRules() {
  const { fullRefundWindowHours: hours, inTransitFeePercent: fee } = CANCELLATION_POLICY;
  return (
    <>
      <p>The refund follows the cancellation policy:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>Within {hours} hours of the order: a full refund.</li>
        <li>
          Shipped and older than {hours} hours (in transit): {fee}% of the order value is kept as a cancellation fee.
        </li>
        <li>Not shipped yet: a full refund.</li>
        <li>Nothing paid online (cash on delivery not collected, or awaiting payment): nothing to refund.</li>
      </ul>
      <p>
        Online payments are refunded through the payment provider. Stock of an order not yet shipped goes back on sale.
      </p>
    </>
  );
}

/**
 * The moves the state machine allows from the order's status (the server's `allowed_transitions`), and
 * nothing else: ship with a tracking number, mark delivered, cancel (with the refund rule) or refund what is
 * left (through the provider, or the seller's own transfer to a cash-on-delivery shopper, with its reference).
 * Refunds the queue gave up on can be retried from here.
 */
export function OrderActions({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const action = useAdminAction();
  const [shipping, setShipping] = useState<HandShipping>(NO_HAND_SHIPPING);
  const [note, setNote] = useState("");
  const [shippingErrors, setShippingErrors] = useState<Partial<Record<keyof HandShipping, string>>>({});
  const [reference, setReference] = useState("");
  const [referenceError, setReferenceError] = useState<string | undefined>();

  const [confirming, setConfirming] = useState<"delivered" | "cancelled" | "refunded" | "retry" | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  // Staff see only the moves their role allows (ship, deliver); the server refuses the others anyway.
  const { mayMoveOrderTo } = useBackOfficeRole();
  const allowed = new Set(order.allowed_transitions.filter(mayMoveOrderTo));
  const failed = failedRefunds(order);
  const cod = order.payment_method === "cod";

  /** A cash-on-delivery refund is the seller's transfer: its reference first, before anything is confirmed. */
  function askToRefund() {
    const checked = transferReference.safeParse(reference);
    if (cod && !checked.success) {
      setReferenceError(checked.error.issues[0]?.message);
      document.getElementById("refund-reference")?.focus();
      return;
    }
    setReferenceError(undefined);
    setConfirming("refunded");
  }

  async function move(status: AdminOrderTarget) {
    const body = {
      status,
      ...(status === "shipped" && handShippingBody(shipping)),
      ...(status === "refunded" && cod && { refund_reference: reference }),
      ...(note.trim() && { note }),
    };
    const parsed = orderStatusChangeSchema.safeParse(body);
    // The API takes an order shipped without its carrier (older clients); this form always asks for it.
    const noCarrier = status === "shipped" && !shipping.carrier;
    if (!parsed.success || noCarrier) {
      const fields = parsed.success ? {} : fieldsFromIssues(parsed.error.issues);
      const errors = {
        carrier: noCarrier ? ORDER_STATUS_MESSAGES.carrier : undefined,
        carrier_name: fields.carrier_name,
        tracking_number: fields.tracking_number,
      };
      setShippingErrors(errors);
      const first = errors.carrier ? "carrier" : errors.carrier_name ? "carrier-name" : "tracking";
      document.getElementById(`order-ship-${first}`)?.focus();
      return;
    }
    setShippingErrors({});
    const result = await action.run(() =>
      adminApi.post<OrderStatusChangeResponse>(`/api/admin/orders/${order.id}/status`, parsed.data),
    );
    setConfirming(null);
    if (!result) return;
    setShipping(NO_HAND_SHIPPING);
    setNote("");
    setReference("");
    const done =
      status === "refunded" && result.refund?.status === "refunded" ? "The order is refunded." : DONE[status];
    setOutcome({ message: done, refund: result.refund });
    onChanged(result.order);
  }

  async function retryRefund() {
    const result = await action.run(() =>
      adminApi.post<AdminOrderDetail>(`/api/admin/orders/${order.id}/refund-retry`),
    );
    setConfirming(null);
    if (!result) return;
    setOutcome({
      message: retryOutcome(
        result,
        failed.map((r) => r.id),
      ),
      refund: null,
    });
    onChanged(result);
  }

  const provider = order.payments[0]?.provider;
  const owed =
    failed.length > 0 &&
    `${formatMinor(
      failed.reduce((sum, r) => sum + r.amount_minor, 0),
      order.currency,
    )} through ${(provider && PAYMENT_LABELS[provider]) ?? provider ?? "the provider"}`;
  return (
    <section aria-labelledby="order-actions" className={CARD}>
      <h2 id="order-actions" className={SECTION_TITLE}>
        Next step
      </h2>
      {outcome && <ActionOutcomeNote outcome={outcome} />}
      {failed.length > 0 && (
        <div className="mt-4 space-y-3 rounded-xl bg-madder/10 p-4 text-sm">
          <p>The refund of {owed} failed and will not be tried again on its own.</p>
          {mayMoveOrderTo("refunded") ? (
            <button
              type="button"
              className={BUTTON_PRIMARY}
              disabled={action.busy}
              onClick={() => setConfirming("retry")}
            >
              Retry refund
            </button>
          ) : (
            <p>Only the owner can retry it.</p>
          )}
        </div>
      )}
      {allowed.size === 0 ? (
        failed.length === 0 && <p className="mt-2 text-sm text-charcoal/80">Nothing more can happen to this order.</p>
      ) : (
        <div className="mt-4 space-y-4">
          {allowed.has("shipped") && (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void move("shipped");
              }}
              className="space-y-3"
            >
              <HandCarrierFields
                idPrefix="order-ship"
                value={shipping}
                onChange={setShipping}
                errors={{
                  carrier: shippingErrors.carrier ?? action.failure?.fields.carrier,
                  carrier_name: shippingErrors.carrier_name ?? action.failure?.fields.carrier_name,
                  tracking_number: shippingErrors.tracking_number ?? action.failure?.fields.tracking_number,
                }}
              />
              <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
                Mark shipped
              </button>
            </form>
          )}
          {order.status === "shipped" && <OrderTrackingCorrection order={order} onChanged={onChanged} />}
          {allowed.has("refunded") && cod && (
            <TextInput
              id="refund-reference"
              label="Transfer reference (UPI or bank)"
              value={reference}
              onChange={setReference}
              error={referenceError ?? action.failure?.fields.refund_reference}
              hint="A cash-on-delivery order is refunded by a transfer you make: its UPI or NEFT reference"
              className="min-w-56"
            />
          )}
          <TextArea
            id="order-note"
            label="Note (optional)"
            rows={2}
            value={note}
            onChange={setNote}
            hint="Kept in the order's history"
          />
          <div className="flex flex-wrap gap-2">
            {allowed.has("delivered") && (
              <button
                type="button"
                className={BUTTON_PRIMARY}
                disabled={action.busy}
                onClick={() => setConfirming("delivered")}
              >
                Mark delivered
              </button>
            )}
            {allowed.has("cancelled") && (
              <button
                type="button"
                className={BUTTON_DANGER}
                disabled={action.busy}
                onClick={() => setConfirming("cancelled")}
              >
                Cancel order
              </button>
            )}
            {allowed.has("refunded") && (
              <button type="button" className={BUTTON_SECONDARY} disabled={action.busy} onClick={askToRefund}>
                Refund order
              </button>
            )}
          </div>
        </div>
      )}
      {action.failure && (
        <div className="mt-4">
          <FormMessage tone="error">{action.failure.message}</FormMessage>
        </div>
      )}
      <ConfirmDialog
        open={confirming === "delivered"}
        title={`Mark order ${order.id} delivered?`}
        confirmLabel="Mark delivered"
        cancelLabel="Go back"
        busy={action.busy}
        onConfirm={() => void move("delivered")}
        onClose={() => setConfirming(null)}
      >
        <p>
          Only once the courier confirms the parcel reached {order.delivery.name}
          {order.payment_method === "cod" && " and the cash was collected"}. It cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "cancelled"}
        title={`Cancel order ${order.id}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        danger
        busy={action.busy}
        onConfirm={() => void move("cancelled")}
        onClose={() => setConfirming(null)}
      >
        <CancellationRules />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "refunded"}
        title={`Refund order ${order.id}?`}
        confirmLabel="Refund order"
        cancelLabel="Go back"
        busy={action.busy}
        onConfirm={() => void move("refunded")}
        onClose={() => setConfirming(null)}
      >
        {cod ? (
          <p>
            Everything the shopper paid for this order that has not been refunded yet is recorded as sent by your
            transfer
            {reference.trim() ? ` (reference ${reference.trim()})` : ""}, and a credit note is issued. It cannot be
            undone.
          </p>
        ) : (
          <p>
            Everything left of the online payment goes back through the payment provider, and a credit note is issued.
            The order shows refunded once the provider has sent the money.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "retry"}
        title={`Retry the refund for order ${order.id}?`}
        confirmLabel="Retry refund"
        cancelLabel="Go back"
        busy={action.busy}
        onConfirm={() => void retryRefund()}
        onClose={() => setConfirming(null)}
      >
        <p>
          The shop asks the provider again to refund {owed}.
          {failed[0]?.error && ` The last try failed with: ${failed[0].error}`}
        </p>
        <p>If it fails again, the shop keeps trying on its own schedule and e-mails you when it gives up.</p>
      </ConfirmDialog>
    </section>
  );
}
