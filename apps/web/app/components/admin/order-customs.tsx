import type { AdminOrderDetail } from "@store/shared";
import { adminApi, saveBlob } from "./admin-api";
import { BUTTON_LINK, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

const PAPERS = [
  { path: "commercial-invoice.pdf", label: "Commercial invoice" },
  { path: "packing-list.pdf", label: "Packing list" },
] as const;

/**
 * An international order's customs papers (decision 082), to print with its label: the commercial invoice (HS
 * codes, values in the order's currency, origin India, the export invoice and LUT) and the packing list. The
 * courier receives both with the booking; the server says why when they cannot be made yet (no export invoice,
 * no IEC in the settings).
 */
export function OrderCustoms({ order }: { order: AdminOrderDetail }) {
  const download = useAdminAction();
  if (order.delivery.country === "IN" || !order.invoice) return null;

  async function save(path: string) {
    const file = await download.run(() => adminApi.download(`/api/admin/orders/${order.id}/${path}`, {}));
    if (file) saveBlob(file.blob, file.filename);
  }

  return (
    <section aria-labelledby="order-customs" className={CARD}>
      <h2 id="order-customs" className={SECTION_TITLE}>
        Customs papers
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {PAPERS.map((paper) => (
          <li key={paper.path} className="flex flex-wrap items-baseline justify-between gap-2">
            <span>{paper.label}</span>
            <button
              type="button"
              className={BUTTON_LINK}
              disabled={download.busy}
              onClick={() => void save(paper.path)}
              aria-label={`Download ${paper.label.toLowerCase()} (PDF)`}
            >
              Download PDF
            </button>
          </li>
        ))}
      </ul>
      {/* The courier reports it at export clearance; the monthly figures' export table needs it (decision 082). */}
      <p className="mt-3 text-sm" data-testid="shipping-bill">
        {order.invoice.shipping_bill
          ? `Shipping bill ${order.invoice.shipping_bill.number} of ${order.invoice.shipping_bill.date}, port ${order.invoice.shipping_bill.port_code}`
          : "Shipping bill: not yet reported (the courier sends it when the parcel clears export customs)."}
      </p>
      {download.failure && (
        <p role="alert" className="mt-2 text-sm font-medium text-madder">
          {download.failure.message}
        </p>
      )}
    </section>
  );
}
