import { resolveAttentionSchema, type AdminOrderDetail } from "@store/shared";
import { useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { fieldsFromIssues } from "./failures";
import { TextArea } from "./form-controls";
import { BUTTON_PRIMARY } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/**
 * What the order was flagged for (a cancelled order's parcel delivered all the same, decision 059), and how the
 * seller settled it: the note goes into the order's history and the audit log, and the flag is cleared.
 */
export function OrderAttention({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const action = useAdminAction();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  if (!order.attention) return null;

  async function resolve() {
    const parsed = resolveAttentionSchema.safeParse({ note });
    if (!parsed.success) {
      setError(fieldsFromIssues(parsed.error.issues).note);
      document.getElementById("attention-note")?.focus();
      return;
    }
    setError(undefined);
    const next = await action.run(() =>
      adminApi.post<AdminOrderDetail>(`/api/admin/orders/${order.id}/attention`, parsed.data),
    );
    if (next) {
      setNote("");
      onChanged(next);
    }
  }

  return (
    <section aria-labelledby="order-attention" className="space-y-3 rounded-2xl bg-madder/10 p-4 text-sm">
      <h2 id="order-attention" className="font-semibold text-madder">
        Needs your attention
      </h2>
      <p>{order.attention}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void resolve();
        }}
        className="space-y-3"
      >
        <TextArea
          id="attention-note"
          label="How it was settled"
          rows={2}
          value={note}
          onChange={setNote}
          error={error ?? action.failure?.fields.note}
        />
        <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
          Mark resolved
        </button>
      </form>
      {action.failure && <FormMessage tone="error">{action.failure.message}</FormMessage>}
    </section>
  );
}
