import {
  REFUND_VIA_LABELS,
  RETURN_STATUSES,
  RETURN_STATUS_LABELS,
  formatMoney,
  sizeLabel,
  type AdminReturnStepResponse,
  type AdminReturnView,
  type ReturnStatus,
} from "@store/shared";
import { Link, useSearchParams } from "react-router";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatWhen } from "../../components/admin/format";
import { SelectInput } from "../../components/admin/form-controls";
import { ReturnSteps, type Run } from "../../components/admin/return-steps";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { CARD } from "../../components/admin/styles";
import { useAdminAction, useAdminResource, type AdminAction } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Returns");
}

/** "To handle" is a view (several statuses, as the dashboard counts them); the rest are single statuses. */
const TO_HANDLE = "to_handle";

const FILTERS = [
  { value: "", label: "All requests" },
  { value: TO_HANDLE, label: "To handle: decide, check or pay back" },
  ...RETURN_STATUSES.map((status) => ({ value: status, label: RETURN_STATUS_LABELS[status] })),
];

/**
 * Returns and size exchanges (issue 16): each request as a card with the pieces, the shopper's photos and
 * reason, and the steps open to it now (approve or refuse; the pickup; the parcel received; the parcel checked,
 * decision 059; a cash-on-delivery refund paid by hand). Cards rather than a table: the seller works this list
 * on a phone.
 */
export default function Returns() {
  const [params, setParams] = useSearchParams();
  const status = (params.get("status") ?? "") as ReturnStatus | "";
  const toHandle = params.get("view") === TO_HANDLE;
  const list = useAdminResource<{ data: AdminReturnView[] }>(
    "/api/admin/returns",
    toHandle ? { view: TO_HANDLE } : status ? { status } : undefined,
  );
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
          value={toHandle ? TO_HANDLE : status}
          options={FILTERS}
          onChange={(value) =>
            setParams(value === TO_HANDLE ? { view: value } : value ? { status: value } : {}, { replace: true })
          }
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
        <p className="text-charcoal/80">{toHandle ? "Nothing is waiting for you." : "No requests here."}</p>
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
          <li key={line.id}>
            {line.quantity} × {line.product_name} (size {sizeLabel(line.size)})
            {line.exchange_size && ` → size ${sizeLabel(line.exchange_size)}`}
            {line.restocked !== null && `: ${line.restocked} back on sale`}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <span className="font-semibold">{request.reason}</span>
        {request.details && `: ${request.details}`}
      </p>
      {request.photos.length > 0 && <Photos urls={request.photos} label="Photos" alt={title} />}
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {request.kind === "return" && (
          <div>
            <dt className="inline font-semibold">Refund: </dt>
            <dd className="inline">{formatMoney(request.refund, request.currency)}</dd>
          </div>
        )}
        {request.kind === "return" && (
          <div>
            <dt className="inline font-semibold">Refund to: </dt>
            <dd className="inline">{REFUND_VIA_LABELS[request.refund_via]}</dd>
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
        {request.status === "refund_due" && !request.payout && (
          // Paid by bank transfer (decision 098): no account was asked; the transfers' UTRs are on the order.
          <div>
            <dt className="inline font-semibold">Pay to: </dt>
            <dd className="inline">
              the account the buyer paid from by bank transfer (its transfers are on the order)
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
        {request.sent_by_shopper && (
          <div>
            <dt className="inline font-semibold">Return shipping: </dt>
            <dd className="inline">
              {request.shopper_parcel
                ? `the shopper sent it with ${request.shopper_parcel.carrier}, tracking ${request.shopper_parcel.tracking_number}`
                : "shopper sends it from abroad (no pickup); no tracking yet"}
            </dd>
          </div>
        )}
        {request.seller_note && (
          <div>
            <dt className="inline font-semibold">Note to the shopper: </dt>
            <dd className="inline">{request.seller_note}</dd>
          </div>
        )}
        {request.accepted_refund !== null && request.kind === "return" && (
          <div>
            <dt className="inline font-semibold">Accepted: </dt>
            <dd className="inline">{formatMoney(request.accepted_refund, request.currency)}</dd>
          </div>
        )}
        {request.inspection?.note && (
          <div>
            <dt className="inline font-semibold">Found when checked: </dt>
            <dd className="inline">{request.inspection.note}</dd>
          </div>
        )}
      </dl>
      {request.inspection && request.inspection.photos.length > 0 && (
        <Photos urls={request.inspection.photos} label="Photos taken when checked" alt={`Check of ${title}`} />
      )}
      <ReturnSteps request={request} busy={action.busy} run={run} />
    </article>
  );
}

function Photos({ urls, label, alt }: { urls: string[]; label: string; alt: string }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={label}>
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img
              src={url}
              alt={`Photo ${index + 1} of ${alt}`}
              width={96}
              height={96}
              className="h-24 w-24 rounded-lg object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
