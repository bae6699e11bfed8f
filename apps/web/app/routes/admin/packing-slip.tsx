import type { AdminOrderDetail } from "@store/shared";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { adminApi } from "../../components/admin/admin-api";
import { AdminAccessProvider, useAdminAccess } from "../../components/admin/admin-access";
import { adminMeta } from "../../components/admin/admin-meta";
import { AdminSignIn } from "../../components/admin/admin-sign-in";
import { failureOf } from "../../components/admin/failures";
import { LoadState } from "../../components/admin/list-table";
import { OrderPackingSlip } from "../../components/admin/order-packing-slip";
import { BUTTON_PRIMARY } from "../../components/admin/styles";

export function meta() {
  return adminMeta("Packing slips");
}

/** At most this many slips at once (one request per order, in the browser). */
const MAX_SLIPS = 50;

/** `?ids=1,2,3`: whole positive numbers, each once, in the order given. */
function idsOf(raw: string | null): number[] {
  const ids = (raw ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, MAX_SLIPS);
}

/**
 * Only on paper: everything around the slips' <main> (the skip link, a notice) stays off the printed page. The
 * root renders no shop header, footer or chat button on /admin paths; this keeps paper clean whatever it renders.
 */
const PRINT_ONLY_SLIPS = `@media print {
  body > :not(main) { display: none !important; }
  body { background: white; }
  @page { margin: 14mm; }
}`;

function Slips() {
  const { access } = useAdminAccess();
  const [params] = useSearchParams();
  const ids = idsOf(params.get("ids"));
  const key = ids.join(",");
  const [state, setState] = useState<{ orders: AdminOrderDetail[] | null; error: string | null }>({
    orders: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (access.status !== "admin" || !key) return;
    const controller = new AbortController();
    setState({ orders: null, error: null });
    Promise.all(
      key
        .split(",")
        .map((id) => adminApi.get<AdminOrderDetail>(`/api/admin/orders/${id}`, undefined, controller.signal)),
    ).then(
      (orders) => setState({ orders, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ orders: null, error: failureOf(error).message });
      },
    );
    return () => controller.abort();
  }, [access.status, key, attempt]);

  if (access.status === "signed-out" || access.status === "forbidden")
    return (
      <div className="space-y-4">
        {access.message && (
          <p role="alert" className="mx-auto max-w-md rounded-xl bg-madder/10 px-4 py-3 text-sm text-madder">
            {access.message}
          </p>
        )}
        <AdminSignIn title="Sign in to print packing slips" />
      </div>
    );
  const count = ids.length;
  return (
    <>
      <div className="mx-auto mb-6 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="text-3xl font-semibold text-indigo-ink">
          {count === 1 ? `Packing slip, order ${ids[0]}` : `Packing slips (${count} orders)`}
        </h1>
        <button type="button" className={BUTTON_PRIMARY} disabled={!state.orders} onClick={() => window.print()}>
          Print
        </button>
      </div>
      {count === 0 ? (
        <p role="alert" className="mx-auto max-w-3xl">
          No order chosen: open an order and press "Packing slip", or select orders in the list.
        </p>
      ) : !state.orders ? (
        <div className="mx-auto max-w-3xl">
          <LoadState
            error={access.status === "failed" ? access.message : state.error}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        </div>
      ) : (
        <div className="space-y-8 print:space-y-0">
          {state.orders.map((order) => (
            <OrderPackingSlip key={order.id} order={order} />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * `/admin/packing-slip?ids=1,2,3`: outside the admin layout (no back-office navigation on paper), guarded the
 * same way: the orders are read in the browser with the administrator's token.
 */
export default function PackingSlip() {
  return (
    <AdminAccessProvider>
      <style>{PRINT_ONLY_SLIPS}</style>
      <main id="main" className="px-4 py-8 print:p-0">
        <Slips />
      </main>
    </AdminAccessProvider>
  );
}
