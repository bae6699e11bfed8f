import { cancelLinesSchema, type AdminOrderDetail, type OrderStatusChangeResponse } from "@store/shared";
import { useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { ConfirmDialog } from "./confirm-dialog";
import { SelectInput, TextArea } from "./form-controls";
import { ActionOutcomeNote, type ActionOutcome } from "./refund-result";
import { BUTTON_DANGER, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/** At most this many pieces are offered per line in the picker; the server checks what is really left. */
const PICKER_MAX = 50;

/**
 * Cancelling some pieces of a paid or confirmed order before it ships: pick how many of each line, confirm,
 * and the server puts them back in stock, recomputes the totals and refunds their money (decision 023).
 */
export function OrderCancelLines({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const action = useAdminAction();
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  const open = order.lines.filter((l) => l.quantity > l.cancelled_quantity);
  const chosen = open.flatMap((l) => {
    const quantity = Number(counts[l.id] ?? 0);
    return quantity > 0 ? [{ line: l, quantity }] : [];
  });
  const body = {
    lines: chosen.map((c) => ({ line_id: c.line.id, quantity: c.quantity })),
    ...(note.trim() && { note }),
  };

  function ask() {
    const parsed = cancelLinesSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setConfirming(true);
  }

  async function cancel() {
    const result = await action.run(() =>
      adminApi.post<OrderStatusChangeResponse>(`/api/admin/orders/${order.id}/cancel-lines`, body),
    );
    setConfirming(false);
    if (!result) return;
    setCounts({});
    setNote("");
    const cancelled = result.order.status === "cancelled" || result.order.status === "refunded";
    setOutcome({
      message: cancelled ? "The order is cancelled." : "The pieces are cancelled and back in stock.",
      refund: result.refund,
    });
    onChanged(result.order);
  }

  const whole =
    chosen.reduce((n, c) => n + c.quantity, 0) === open.reduce((n, l) => n + l.quantity - l.cancelled_quantity, 0);
  return (
    <section aria-labelledby="order-cancel-lines" className={CARD}>
      <h2 id="order-cancel-lines" className={SECTION_TITLE}>
        Cancel pieces
      </h2>
      {outcome && <ActionOutcomeNote outcome={outcome} />}
      {order.can_cancel_lines && open.length > 0 && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            ask();
          }}
          className="mt-3 space-y-3"
        >
          <p className="text-sm text-charcoal/80">
            Before the order ships: the pieces go back in stock, the totals are recomputed and, for an online payment,
            their price less their share of any discount is refunded. Shipping is not refunded.
          </p>
          {open.map((l) => {
            const left = l.quantity - l.cancelled_quantity;
            return (
              <SelectInput
                key={l.id}
                id={`cancel-line-${l.id}`}
                label={`Pieces of ${l.product_name} (size ${l.size}) to cancel`}
                value={counts[l.id] ?? "0"}
                onChange={(value) => setCounts((c) => ({ ...c, [l.id]: value }))}
                options={Array.from({ length: Math.min(left, PICKER_MAX) + 1 }, (_, n) => ({
                  value: String(n),
                  label: n === 0 ? "None" : `${n} of ${left}`,
                }))}
              />
            );
          })}
          <TextArea
            id="cancel-lines-note"
            label="Reason (optional)"
            rows={2}
            value={note}
            onChange={setNote}
            hint="Kept in the order's history"
          />
          {(error ?? action.failure) && <FormMessage tone="error">{error ?? action.failure?.message}</FormMessage>}
          <button type="submit" className={BUTTON_DANGER} disabled={action.busy}>
            Cancel selected pieces
          </button>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={whole ? `Cancel all of order ${order.id}?` : `Cancel these pieces of order ${order.id}?`}
        confirmLabel={whole ? "Cancel order" : "Cancel pieces"}
        cancelLabel="Keep them"
        danger
        busy={action.busy}
        onConfirm={() => void cancel()}
        onClose={() => setConfirming(false)}
      >
        <ul className="list-disc pl-5">
          {chosen.map((c) => (
            <li key={c.line.id}>
              {c.quantity} x {c.line.product_name} (size {c.line.size})
            </li>
          ))}
        </ul>
        <p>
          {whole
            ? "These are all the pieces left, so the whole order is cancelled under the cancellation policy."
            : "They go back in stock and the shopper is e-mailed the new total."}
          {order.payment_method !== "cod" && !whole && " Their money is refunded to the shopper's payment."}
        </p>
      </ConfirmDialog>
    </section>
  );
}
