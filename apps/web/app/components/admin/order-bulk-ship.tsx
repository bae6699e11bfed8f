import { bulkShipSchema, ORDER_STATUS_MESSAGES, type AdminOrderSummary, type BulkShipResponse } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { HandCarrierFields, handShippingBody, NO_HAND_SHIPPING, type HandShipping } from "./hand-carrier-fields";
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
  const [shipping, setShipping] = useState<Record<number, HandShipping>>({});
  const [errors, setErrors] = useState<Record<number, Partial<Record<keyof HandShipping, string>>>>({});
  const [result, setResult] = useState<BulkShipResponse | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  async function submit() {
    const of = (id: number) => shipping[id] ?? NO_HAND_SHIPPING;
    const body = { orders: orders.map((o) => ({ id: o.id, ...handShippingBody(of(o.id)) })) };
    const parsed = bulkShipSchema.safeParse(body);
    // Each order's carrier is asked here, though the API still takes an order without one (older clients).
    const next: Record<number, Partial<Record<keyof HandShipping, string>>> = {};
    for (const o of orders) if (!of(o.id).carrier) next[o.id] = { carrier: ORDER_STATUS_MESSAGES.carrier };
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const index = issue.path[1];
      const field = issue.path[2];
      const order = typeof index === "number" ? orders[index] : undefined;
      if (order && (field === "tracking_number" || field === "carrier_name"))
        next[order.id] = { ...next[order.id], [field]: issue.message };
    }
    if (!parsed.success || Object.keys(next).length > 0) {
      setErrors(next);
      const first = orders.find((o) => next[o.id]);
      if (first) {
        const field = next[first.id]!;
        const which = field.carrier ? "carrier" : field.carrier_name ? "carrier-name" : "tracking";
        document.getElementById(`bulk-ship-${first.id}-${which}`)?.focus();
      }
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
          <ul className="space-y-3">
            {orders.map((o) => (
              <li key={o.id} className="rounded-xl border border-linen p-3">
                <p className="mb-2 text-sm font-semibold">
                  Order {o.id} <span className="font-normal text-charcoal/75">{o.customer_name}</span>
                </p>
                <HandCarrierFields
                  idPrefix={`bulk-ship-${o.id}`}
                  label={` for order ${o.id}`}
                  value={shipping[o.id] ?? NO_HAND_SHIPPING}
                  onChange={(value) => setShipping((all) => ({ ...all, [o.id]: value }))}
                  errors={errors[o.id] ?? {}}
                />
              </li>
            ))}
          </ul>
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
