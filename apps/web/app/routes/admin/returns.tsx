import {
  RETURN_STATUSES,
  RETURN_STATUS_LABELS,
  formatMoney,
  sizeLabel,
  type AdminReturnStepResponse,
  type AdminReturnView,
  type ReturnStatus,
} from "@store/shared";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatWhen } from "../../components/admin/format";
import { SelectInput, TextArea, TextInput } from "../../components/admin/form-controls";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY, CARD } from "../../components/admin/styles";
import { useAdminAction, useAdminResource, type AdminAction } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Returns");
}

const FILTERS = [
  { value: "", label: "All requests" },
  ...RETURN_STATUSES.map((status) => ({ value: status, label: RETURN_STATUS_LABELS[status] })),
];

/**
 * Returns and size exchanges (issue 16): each request as a card with the pieces, the shopper's photos and
 * reason, and the one or two steps open to it now (approve or refuse; the pickup; the parcel received; a
 * cash-on-delivery refund paid by hand). Cards rather than a table: the seller works this list on a phone.
 */
export default function Returns() {
  const [params, setParams] = useSearchParams();
  const status = (params.get("status") ?? "") as ReturnStatus | "";
  const list = useAdminResource<{ data: AdminReturnView[] }>("/api/admin/returns", status ? { status } : undefined);
  const action = useAdminAction();
  const notice = useNotice();

  async function run(path: string, body: unknown, done: string) {
    const answer = await action.run(() => adminApi.post<AdminReturnStepResponse>(path, body));
    if (!answer) return false;
    notice.show(answer.problem ? `${done}, but: ${answer.problem}` : `${done}.`);
    list.reload();
    return true;
  }

  return (
    <>
      <PageHeader title="Returns" lead="Return and exchange requests from shoppers, newest first." />
      <div className="mb-6 max-w-xs">
        <SelectInput
          id="returns-status"
          label="Show"
          value={status}
          options={FILTERS}
          onChange={(value) => setParams(value ? { status: value } : {}, { replace: true })}
        />
      </div>
      {action.failure && (
        <p role="alert" className="mb-4 rounded-xl bg-madder/10 px-4 py-3 text-madder">
          {action.failure.message}
        </p>
      )}
      {!list.data ? (
        <LoadState error={list.error} onRetry={list.reload} rows={3} />
      ) : list.data.data.length === 0 ? (
        <p className="text-charcoal/80">No requests here.</p>
      ) : (
        <ul className="space-y-4" aria-busy={list.loading}>
          {list.data.data.map((request) => (
            <li key={request.id}>
              <ReturnCard request={request} action={action} run={run} />
            </li>
          ))}
        </ul>
      )}
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}

type Run = (path: string, body: unknown, done: string) => Promise<boolean>;

function ReturnCard({ request, action, run }: { request: AdminReturnView; action: AdminAction; run: Run }) {
  const title = `${request.kind === "exchange" ? "Exchange" : "Return"} #${request.id}`;
  return (
    <article aria-labelledby={`return-${request.id}`} className={CARD}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`return-${request.id}`} className="text-lg font-semibold text-indigo-ink">
          {title} · <Link to={`/admin/orders/${request.order_id}`}>order #{request.order_id}</Link>
        </h2>
        <p className="rounded-full bg-linen px-3 py-0.5 text-sm font-semibold">{request.status_label}</p>
      </header>
      <p className="mt-1 text-sm text-charcoal/80">
        {request.customer.name} · {request.customer.phone}
        {request.customer.email && ` · ${request.customer.email}`} · asked {formatWhen(request.created_at)}
      </p>
      <ul className="mt-3 list-disc pl-5 text-sm">
        {request.lines.map((line) => (
          <li key={line.line_id}>
            {line.quantity} × {line.product_name} (size {sizeLabel(line.size)})
            {line.exchange_size && ` → size ${sizeLabel(line.exchange_size)}`}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <span className="font-semibold">{request.reason}</span>
        {request.details && `: ${request.details}`}
      </p>
      {request.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {request.photos.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img
                  src={url}
                  alt={`Photo ${index + 1} of ${title}`}
                  width={96}
                  height={96}
                  className="h-24 w-24 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {request.kind === "return" && (
          <div>
            <dt className="inline font-semibold">Refund: </dt>
            <dd className="inline">{formatMoney(request.refund, request.currency)}</dd>
          </div>
        )}
        {request.payout && (
          <div>
            <dt className="inline font-semibold">Pay to: </dt>
            <dd className="inline">
              {request.payout.method === "upi"
                ? `UPI ${request.payout.upi_id}`
                : `${request.payout.account_name}, account ${request.payout.account_number}, IFSC ${request.payout.ifsc}`}
            </dd>
          </div>
        )}
        {request.payout_reference && (
          <div>
            <dt className="inline font-semibold">Paid, reference: </dt>
            <dd className="inline">{request.payout_reference}</dd>
          </div>
        )}
        {request.pickup && (
          <div>
            <dt className="inline font-semibold">Pickup: </dt>
            <dd className="inline">
              {request.pickup.courier}, AWB {request.pickup.awb}
            </dd>
          </div>
        )}
        {request.seller_note && (
          <div>
            <dt className="inline font-semibold">Note to the shopper: </dt>
            <dd className="inline">{request.seller_note}</dd>
          </div>
        )}
      </dl>
      <ReturnSteps request={request} busy={action.busy} run={run} />
    </article>
  );
}

/** The steps open to the request in its state. */
function ReturnSteps({ request, busy, run }: { request: AdminReturnView; busy: boolean; run: Run }) {
  const [note, setNote] = useState("");
  const [reference, setReference] = useState("");
  const path = (step: string) => `/api/admin/returns/${request.id}/${step}`;
  const name = `${request.kind} #${request.id}`;
  const buttons = "mt-3 flex flex-wrap gap-2";

  switch (request.status) {
    case "requested":
      return (
        <div className="mt-4">
          <TextArea
            id={`return-note-${request.id}`}
            label="Note to the shopper"
            hint="Needed to refuse: the reason. Optional to approve (when the courier will come, how to pack)."
            rows={2}
            value={note}
            onChange={setNote}
          />
          <div className={buttons}>
            <button
              type="button"
              className={BUTTON_PRIMARY}
              disabled={busy}
              onClick={() => void run(path("approve"), { note }, `Approved ${name}`).then((ok) => ok && setNote(""))}
            >
              Approve
            </button>
            <button
              type="button"
              className={BUTTON_DANGER}
              disabled={busy}
              onClick={() => void run(path("refuse"), { note }, `Refused ${name}`).then((ok) => ok && setNote(""))}
            >
              Refuse
            </button>
          </div>
        </div>
      );
    case "approved":
      return (
        <div className={buttons}>
          {!request.pickup && (
            <button
              type="button"
              className={BUTTON_SECONDARY}
              disabled={busy}
              onClick={() => void run(path("pickup"), {}, `Pickup booked for ${name}`)}
            >
              Book pickup
            </button>
          )}
          <button
            type="button"
            className={BUTTON_PRIMARY}
            disabled={busy}
            onClick={() => void run(path("receive"), {}, `Received ${name}`)}
          >
            Parcel received
          </button>
        </div>
      );
    case "received":
      return request.kind === "exchange" ? (
        <div className={buttons}>
          <button
            type="button"
            className={BUTTON_PRIMARY}
            disabled={busy}
            onClick={() => void run(path("ship-exchange"), {}, `New size shipped for ${name}`)}
          >
            Ship new size
          </button>
        </div>
      ) : null;
    case "refund_due":
      return (
        <div className="mt-4 max-w-md">
          <TextInput
            id={`return-reference-${request.id}`}
            label="UPI or bank transfer reference"
            value={reference}
            onChange={setReference}
          />
          <div className={buttons}>
            <button
              type="button"
              className={BUTTON_PRIMARY}
              disabled={busy}
              onClick={() => void run(path("refund-paid"), { reference }, `Refund marked paid for ${name}`)}
            >
              Mark refund paid
            </button>
          </div>
        </div>
      );
    default:
      return null;
  }
}
