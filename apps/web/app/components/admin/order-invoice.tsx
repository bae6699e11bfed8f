import type { AdminOrderDetail } from "@store/shared";
import { adminApi, saveBlob } from "./admin-api";
import { formatDate } from "../content/format-date";
import { BUTTON_LINK, BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/**
 * The order's GST tax invoice and its credit notes, each downloadable as a PDF (fetched with the back office's
 * token: a plain link cannot send it). A confirmed order without one (the shop's tax data did not allow it
 * then) says why it still cannot be issued, if it cannot, and offers "Issue invoice".
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
          {[
            ...invoice.credit_notes.map((note) => ({ ...note, kind: "Credit note" })),
            // Invoices it replaced (an address correction), each cancelled by its own credit note.
            ...invoice.earlier.flatMap((earlier) => [
              {
                kind: "Replaced invoice",
                number: earlier.number,
                date: earlier.date,
                reason: "cancelled",
                url: earlier.url,
              },
              ...earlier.credit_notes.map((note) => ({ ...note, kind: "Credit note" })),
            ]),
          ].map((doc) => (
            <li key={doc.url} className="flex flex-wrap items-baseline justify-between gap-2">
              <span>
                {doc.kind} <span className="font-semibold">{doc.number}</span> · {formatDate(doc.date)} · {doc.reason}
              </span>
              <button
                type="button"
                className={BUTTON_LINK}
                disabled={download.busy}
                onClick={() => void save(doc.url)}
                aria-label={`Download ${doc.kind.toLowerCase()} ${doc.number} (PDF)`}
              >
                Download PDF
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-3 space-y-3 text-sm">
          <p>No invoice yet.</p>
          {order.invoice_problem && (
            <p role="status" className="rounded-lg bg-turmeric/20 p-3 font-medium text-charcoal">
              {order.invoice_problem}
            </p>
          )}
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
