import { trackingCorrectionSchema, type AdminOrderDetail } from "@store/shared";
import { useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { fieldsFromIssues } from "./failures";
import { TextInput } from "./form-controls";
import { BUTTON_SECONDARY } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/** A shipped order's tracking number, corrected in place: audited and in the history, the status unchanged. */
export function OrderTrackingCorrection({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const action = useAdminAction();
  const [value, setValue] = useState(order.tracking_number ?? "");
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);

  async function save() {
    const parsed = trackingCorrectionSchema.safeParse({ tracking_number: value });
    if (!parsed.success) {
      setError(fieldsFromIssues(parsed.error.issues).tracking_number);
      document.getElementById("order-tracking-fix")?.focus();
      return;
    }
    setError(undefined);
    const result = await action.run(() =>
      adminApi.patch<AdminOrderDetail>(`/api/admin/orders/${order.id}/tracking`, parsed.data),
    );
    if (!result) return;
    setDone(true);
    onChanged(result);
  }

  return (
    <form
      noValidate
      aria-label="Correct the tracking number"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="space-y-2"
    >
      <div className="flex flex-wrap items-end gap-3">
        <TextInput
          id="order-tracking-fix"
          label="Tracking number"
          required
          value={value}
          onChange={(next) => {
            setValue(next);
            setDone(false);
          }}
          error={error ?? action.failure?.fields.tracking_number}
          className="min-w-48 flex-1"
        />
        <button type="submit" className={BUTTON_SECONDARY} disabled={action.busy}>
          Correct tracking number
        </button>
      </div>
      {done && <p role="status">The tracking number is corrected.</p>}
      {action.failure && !action.failure.fields.tracking_number && (
        <FormMessage tone="error">{action.failure.message}</FormMessage>
      )}
    </form>
  );
}
