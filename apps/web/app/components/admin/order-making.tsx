import type { AdminOrderDetail, ProductionStatus } from "@store/shared";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

const STATUS_TEXT: Record<ProductionStatus | "none", string> = {
  none: "Not started",
  in_production: "In production",
  ready: "Ready",
};
const NEXT: Record<ProductionStatus | "none", { status: ProductionStatus; label: string } | null> = {
  none: { status: "in_production", label: "Mark in production" },
  in_production: { status: "ready", label: "Mark ready" },
  ready: null,
};

/**
 * The order's made-to-order lines (decision 099): the shopper's notes, the days to make each, whether it may be
 * returned, and its making, moved one step on by the seller while the order is paid or confirmed and not shipped.
 */
export function OrderMaking({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const action = useAdminAction();
  const made = order.lines.filter((l) => l.lead_days !== null);
  if (made.length === 0) return null;
  const open = order.status === "paid" || order.status === "cod_confirmed";

  async function step(lineId: number, status: ProductionStatus) {
    const next = await action.run(() =>
      adminApi.post<AdminOrderDetail>(`/api/admin/orders/${order.id}/lines/${lineId}/production`, { status }),
    );
    if (next) onChanged(next);
  }

  return (
    <section aria-labelledby="order-making" className={CARD}>
      <h2 id="order-making" className={SECTION_TITLE}>
        Made to order
      </h2>
      <ul className="mt-3 space-y-4 text-sm">
        {made.map((line) => {
          const now = line.production_status ?? "none";
          const next = NEXT[now];
          return (
            <li key={line.id} className="space-y-1" data-making-line={line.id}>
              <p className="font-semibold">
                {line.product_name} ({line.size}) · about {line.lead_days} days ·{" "}
                {line.returnable ? "returnable" : "not returnable"}
              </p>
              {line.notes && <p className="whitespace-pre-line break-words">Notes: {line.notes}</p>}
              <p>
                Making: <span data-making-status>{STATUS_TEXT[now]}</span>
              </p>
              {open && next && (
                <button
                  type="button"
                  className={BUTTON_PRIMARY}
                  disabled={action.busy}
                  onClick={() => void step(line.id, next.status)}
                >
                  {next.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {action.failure && <FormMessage tone="error">{action.failure.message}</FormMessage>}
    </section>
  );
}
