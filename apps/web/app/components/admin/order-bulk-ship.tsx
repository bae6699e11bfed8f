import { bulkShipSchema, type AdminOrderSummary, type BulkShipResponse } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { TextInput } from "./form-controls";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/**
 * "Mark shipped" for the selected orders: one tracking number per order, sent in one call. The server ships
 * each order it can and says why for the others (decision 023), so the answer is listed order by order.
 */
export function OrderBulkShip({
  orders,
  onDone,
  onClose,
}: {
  orders: readonly AdminOrderSummary[];
  onDone: (result: BulkShipResponse) => void;
  onClose: () => void;
}) {
  const action = useAdminAction();
  const [tracking, setTracking] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [result, setResult] = useState<BulkShipResponse | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  async function submit() {
    const body = { orders: orders.map((o) => ({ id: o.id, tracking_number: tracking[o.id] ?? "" })) };
    const parsed = bulkShipSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<number, string> = {};
      for (const issue of parsed.error.issues) {
        const index = issue.path[1];
        const order = typeof index === "number" ? orders[index] : undefined;
        if (order && issue.path[2] === "tracking_number") next[order.id] = issue.message;
      }
      setErrors(next);
      const first = orders.find((o) => next[o.id]);
      if (first) document.getElementById(`bulk-tracking-${first.id}`)?.focus();
      return;
    }
    setErrors({});
    const answer = await action.run(() => adminApi.post<BulkShipResponse>("/api/admin/orders/ship", parsed.data));
    if (!answer) return;
    setResult(answer);
    onDone(answer);
  }

  return (
    <section aria-labelledby="bulk-ship-title" className={`${CARD} mb-5`}>
      <h2 id="bulk-ship-title" ref={title} tabIndex={-1} className={`${SECTION_TITLE} focus:outline-none`}>
        Mark {orders.length === 1 ? "1 order" : `${orders.length} orders`} shipped
      </h2>
      {result ? (
        <div ref={resultRef} tabIndex={-1} role="status" className="mt-3 space-y-2 text-sm focus:outline-none">
          <p className="font-semibold">
            {result.shipped} shipped{result.refused > 0 && `, ${result.refused} not shipped`}.
          </p>
          <ul className="space-y-1">
            {result.results.map((r) => (
              <li key={r.id} className={r.ok ? "" : "text-madder"}>
                Order {r.id}: {r.ok ? "shipped" : r.message}
              </li>
            ))}
          </ul>
          <button type="button" className={BUTTON_SECONDARY} onClick={onClose}>
            Close
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          className="mt-3 space-y-3"
        >
          <div className="grid gap-3 sm:grid-cols-2">
            {orders.map((o) => (
              <TextInput
                key={o.id}
                id={`bulk-tracking-${o.id}`}
                label={`Tracking number for order ${o.id}`}
                hint={o.customer_name}
                required
                value={tracking[o.id] ?? ""}
                onChange={(value) => setTracking((t) => ({ ...t, [o.id]: value }))}
                error={errors[o.id]}
              />
            ))}
          </div>
          {action.failure && <FormMessage tone="error">{action.failure.message}</FormMessage>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
              {action.busy ? "Working..." : "Ship these orders"}
            </button>
            <button type="button" className={BUTTON_SECONDARY} onClick={onClose} disabled={action.busy}>
              Go back
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
