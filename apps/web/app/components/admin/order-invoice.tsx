import type { AdminOrderDetail } from "@store/shared";
import { adminApi, saveBlob } from "./admin-api";
import { formatDate } from "../content/format-date";
import { BUTTON_LINK, BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/**
 * The order's GST tax invoice and its credit notes, each downloadable as a PDF (fetched with the back office's
 * token: a plain link cannot send it). A confirmed order without one (the shop's tax data did not allow it
 * then) offers "Issue invoice", which answers the reason when it still cannot be issued.
 */
export function OrderInvoice({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const download = useAdminAction();
  const issue = useAdminAction();
  const invoice = order.invoice;
  if (!invoice && !order.can_issue_invoice) return null;

  async function save(url: string) {
    const file = await download.run(() => adminApi.download(url, {}));
    if (file) saveBlob(file.blob, file.filename);
  }
  async function issueNow() {
    const updated = await issue.run(() => adminApi.post<AdminOrderDetail>(`/api/admin/orders/${order.id}/invoice`));
    if (updated) onChanged(updated);
  }

  return (
    <section aria-labelledby="order-invoice" className={CARD}>
      <h2 id="order-invoice" className={SECTION_TITLE}>
        Invoice
      </h2>
      {invoice ? (
        <ul className="mt-3 space-y-2 text-sm">
          <li className="flex flex-wrap items-baseline justify-between gap-2">
            <span>
              Tax invoice <span className="font-semibold">{invoice.number}</span> · {formatDate(invoice.date)}
              {invoice.is_test && <span className="text-madder"> · test order, not a tax invoice</span>}
            </span>
            <button
              type="button"
              className={BUTTON_LINK}
              disabled={download.busy}
              onClick={() => void save(invoice.url)}
              aria-label={`Download invoice ${invoice.number} (PDF)`}
            >
              Download PDF
            </button>
          </li>
          {invoice.credit_notes.map((note) => (
            <li key={note.id} className="flex flex-wrap items-baseline justify-between gap-2">
              <span>
                Credit note <span className="font-semibold">{note.number}</span> · {formatDate(note.date)} ·{" "}
                {note.reason}
              </span>
              <button
                type="button"
                className={BUTTON_LINK}
                disabled={download.busy}
                onClick={() => void save(note.url)}
                aria-label={`Download credit note ${note.number} (PDF)`}
              >
                Download PDF
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-3 space-y-3 text-sm">
          <p>No invoice yet.</p>
          <button type="button" className={BUTTON_PRIMARY} disabled={issue.busy} onClick={() => void issueNow()}>
            {issue.busy ? "Issuing..." : "Issue invoice"}
          </button>
        </div>
      )}
      {[download.failure, issue.failure].map(
        (failure, i) =>
          failure && (
            <p key={i} role="alert" className="mt-2 text-sm text-madder">
              {failure.message}
            </p>
          ),
      )}
    </section>
  );
}
