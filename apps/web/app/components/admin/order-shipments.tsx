import { RECALLED_PARCEL_LABELS, recalledParcel, SHIPMENT_STATUS_LABELS, type AdminOrderDetail } from "@store/shared";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { formatWhen } from "./format";
import { BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/**
 * The order's parcels with the courier: AWB, courier, its tracking page and every event it reported, and a
 * cancelled order's parcel called back (or why the courier could not be asked, with a button to ask again). With
 * the simulated courier, two demo buttons move the parcel (a real courier's parcels move on their own).
 */
export function OrderShipments({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const action = useAdminAction();
  const shipping = order.shipping;
  if (!shipping || shipping.shipments.length === 0) return null;

  async function recall() {
    const next = await action.run(() =>
      adminApi.post<AdminOrderDetail>(`/api/admin/orders/${order.id}/shipment/recall`),
    );
    if (next) onChanged(next);
  }

  async function simulate(move: "advance" | "fail") {
    const next = await action.run(() =>
      adminApi.post<AdminOrderDetail>(`/api/admin/orders/${order.id}/shipment/simulate`, { action: move }),
    );
    if (next) onChanged(next);
  }

  return (
    <section aria-labelledby="order-shipments" className={CARD}>
      <h2 id="order-shipments" className={SECTION_TITLE}>
        Shipments
      </h2>
      {shipping.shipments.map((s) => (
        <div key={s.id} className="mt-3 text-sm">
          <p className="font-semibold">
            {s.direction === "return" ? "Return pickup" : "To the shopper"}: {s.status_label}
          </p>
          <p>
            {s.courier ?? "Courier"} · AWB {s.awb ?? "-"}
            {s.tracking_url && (
              <>
                {" · "}
                <a href={s.tracking_url} target="_blank" rel="noreferrer" className="text-indigo-ink underline">
                  Tracking page
                </a>
              </>
            )}
          </p>
          {s.recall_requested_at && (
            <p className="mt-1">
              Called back {formatWhen(s.recall_requested_at)}: {RECALLED_PARCEL_LABELS[recalledParcel(true, s.status)!]}
              .
            </p>
          )}
          {s.recall_error && (
            <div className="mt-2 space-y-2 rounded-xl bg-madder/10 p-3">
              <p>{s.recall_error}</p>
              <button type="button" className={BUTTON_SECONDARY} onClick={() => void recall()} disabled={action.busy}>
                Ask the courier again
              </button>
            </div>
          )}
          <ol aria-label={`Events of AWB ${s.awb ?? s.id}`} className="mt-2 space-y-1 border-l-2 border-linen pl-4">
            {s.events.map((e, i) => (
              <li key={i}>
                {e.status ? SHIPMENT_STATUS_LABELS[e.status] : e.raw_status}
                <span className="text-charcoal/75">
                  {" · "}
                  <time dateTime={e.at}>{formatWhen(e.at)}</time>
                  {e.location && ` · ${e.location}`}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ))}
      {shipping.simulated && (
        <div className="mt-4 flex flex-wrap gap-2">
          <p className="w-full text-xs text-charcoal/75">Simulated courier (demo and tests only):</p>
          <button
            type="button"
            className={BUTTON_SECONDARY}
            onClick={() => void simulate("advance")}
            disabled={action.busy}
          >
            Advance parcel
          </button>
          <button
            type="button"
            className={BUTTON_SECONDARY}
            onClick={() => void simulate("fail")}
            disabled={action.busy}
          >
            Fail delivery
          </button>
        </div>
      )}
      {action.failure && <FormMessage tone="error">{action.failure.message}</FormMessage>}
    </section>
  );
}
