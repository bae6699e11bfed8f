import type { AdminOrderSummary, ShipmentResults } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi, saveBlob } from "./admin-api";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

type Answer = { kind: "created" | "labels" | "pickup"; result: ShipmentResults };

/**
 * The courier for the selected orders: book their parcels in one call (each order shipped with its AWB or
 * refused with the reason), print all their labels as one PDF, and ask for one pickup. The answers are
 * listed order by order, as the server gives them (decision 023).
 */
export function OrderCourier({
  orders,
  onChanged,
}: {
  orders: readonly AdminOrderSummary[];
  onChanged: (result: ShipmentResults) => void;
}) {
  const action = useAdminAction();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [printed, setPrinted] = useState(false);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) status.current?.focus();
  }, [answer]);
  const order_ids = orders.map((o) => o.id);

  async function create() {
    const result = await action.run(() => adminApi.post<ShipmentResults>("/api/admin/shipments", { order_ids }));
    if (!result) return;
    setAnswer({ kind: "created", result });
    onChanged(result);
  }
  /**
   * Book what is not booked yet and print every label that is ready, in one go: an order that cannot go by
   * courier is listed with the reason instead of stopping the others (issue 40, point 13).
   */
  async function labels() {
    setPrinted(false);
    const result = await action.run(() => adminApi.post<ShipmentResults>("/api/admin/shipments/labels", { order_ids }));
    if (!result) return;
    setAnswer({ kind: "labels", result });
    onChanged(result);
    const ready = result.results.filter((r) => r.ok).map((r) => r.order_id);
    if (ready.length === 0) return;
    const file = await action.run(() => adminApi.download("/api/admin/shipments/labels.pdf", { ids: ready.join(",") }));
    if (!file) return;
    saveBlob(file.blob, file.filename);
    setPrinted(true);
  }
  async function pickup() {
    const result = await action.run(() => adminApi.post<ShipmentResults>("/api/admin/shipments/pickup", { order_ids }));
    if (result) setAnswer({ kind: "pickup", result });
  }

  return (
    <section aria-labelledby="courier-title" className={`${CARD} mb-5`}>
      <h2 id="courier-title" className={SECTION_TITLE}>
        Courier for {orders.length === 1 ? "1 order" : `${orders.length} orders`}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={BUTTON_PRIMARY} onClick={() => void create()} disabled={action.busy}>
          Create shipments
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={() => void labels()} disabled={action.busy}>
          Book and print labels
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={() => void pickup()} disabled={action.busy}>
          Request pickup
        </button>
      </div>
      {action.busy && <p className="mt-2 text-sm">Asking the courier...</p>}
      {action.failure && <FormMessage tone="error">{action.failure.message}</FormMessage>}
      {printed && !action.failure && <p className="mt-2 text-sm">Labels downloaded as one PDF.</p>}
      {answer && (
        <div ref={status} tabIndex={-1} role="status" className="mt-3 space-y-1 text-sm focus:outline-none">
          <p className="font-semibold">
            {answer.kind === "created"
              ? `${answer.result.done} shipment${answer.result.done === 1 ? "" : "s"} created`
              : answer.kind === "labels"
                ? `${answer.result.done} label${answer.result.done === 1 ? "" : "s"} to print`
                : `Pickup requested for ${answer.result.done} parcel${answer.result.done === 1 ? "" : "s"}`}
            {answer.result.refused > 0 &&
              (answer.kind === "labels"
                ? `, ${answer.result.refused} could not go by courier`
                : `, ${answer.result.refused} refused`)}
            .
          </p>
          <ul className="space-y-1">
            {answer.result.results.map((r) => (
              <li key={r.order_id} className={r.ok ? "" : "text-madder"}>
                Order {r.order_id}: {r.ok ? `${r.courier ?? "courier"}, AWB ${r.awb ?? "-"}` : r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
