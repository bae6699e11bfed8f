import {
  MESSAGES,
  RETURN_ABROAD_TERMS,
  returnAddressLines,
  returnCustomsInstructions,
  type OrderDetail,
  type ReturnParcelSentInput,
  type ReturnView,
} from "@store/shared";
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { FormMessage } from "../account/auth-card";
import { problemsFromApi, type Problems } from "../account/form-problems";
import { Button } from "../ui/button";

const CONTROL = "mt-1 w-full rounded-xl border border-charcoal/25 bg-cream/40 px-3 py-2 text-base";
const LABEL = "text-sm font-semibold text-charcoal";

/**
 * Said on the return form of an order delivered abroad, before the shopper asks (decision 085): they send the
 * parcel back at their cost, duties are not ours to refund, and what the refund covers.
 */
export function ReturnAbroadTerms({ order }: { order: OrderDetail }) {
  return (
    <div role="note" aria-label="Returns from abroad" className="rounded-2xl bg-turmeric/10 p-4 text-sm">
      <p className="font-semibold text-charcoal">Returning from abroad</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{RETURN_ABROAD_TERMS.shipping}</li>
        <li>{order.duties > 0 ? RETURN_ABROAD_TERMS.dutiesCollected : RETURN_ABROAD_TERMS.duties}</li>
        <li>{RETURN_ABROAD_TERMS.refund}</li>
        <li>{RETURN_ABROAD_TERMS.exchange}</li>
      </ul>
    </div>
  );
}

/**
 * An approved return from abroad: where to send the parcel, what to write on it, and the carrier and tracking
 * number the shopper sent it with (which they may correct until it arrives).
 */
export function SendBackSteps({
  order,
  request,
  linkSecret,
  onSent,
}: {
  order: OrderDetail;
  request: ReturnView;
  linkSecret: string | null;
  onSent: (request: ReturnView) => void;
}) {
  const [editing, setEditing] = useState(request.shopper_parcel === null);
  return (
    <div className="mt-3 space-y-3">
      <div>
        <p className="font-semibold">Send the parcel to</p>
        <address className="not-italic">
          {returnAddressLines().map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
      <ul className="list-disc space-y-1 pl-5">
        {returnCustomsInstructions(request.id, order.invoice?.number ?? null).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {request.shopper_parcel && !editing ? (
        <p>
          You sent it with {request.shopper_parcel.carrier}, tracking number {request.shopper_parcel.tracking_number}.{" "}
          <button type="button" className="font-semibold text-madder underline" onClick={() => setEditing(true)}>
            Correct it
          </button>
        </p>
      ) : (
        <ParcelForm
          order={order}
          request={request}
          linkSecret={linkSecret}
          onSent={(sent) => {
            setEditing(false);
            onSent(sent);
          }}
        />
      )}
    </div>
  );
}

const FIELDS = ["carrier", "tracking_number"] as const;
type Field = (typeof FIELDS)[number];

function ParcelForm({
  order,
  request,
  linkSecret,
  onSent,
}: {
  order: OrderDetail;
  request: ReturnView;
  linkSecret: string | null;
  onSent: (request: ReturnView) => void;
}) {
  const [problems, setProblems] = useState<Problems<Field>>({ fields: {}, form: null });
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const data = new FormData(event.currentTarget);
    const body: ReturnParcelSentInput = {
      carrier: String(data.get("carrier") ?? ""),
      tracking_number: String(data.get("tracking_number") ?? ""),
    };
    inFlight.current = true;
    setSending(true);
    setProblems({ fields: {}, form: null });
    try {
      const query = linkSecret ? `?token=${encodeURIComponent(linkSecret)}` : "";
      const path = `/api/orders/${order.id}/returns/${request.id}/parcel${query}`;
      const answer = await api.post<{ data: ReturnView }>(path, body, { auth: !linkSecret });
      onSent(answer.data);
    } catch (error) {
      setProblems(problemsFromApi(error, FIELDS, MESSAGES.unexpectedError));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const field = (name: Field, label: string, placeholder: string) => (
    <div>
      <label htmlFor={`parcel-${name}-${request.id}`} className={LABEL}>
        {label}
      </label>
      <input
        id={`parcel-${name}-${request.id}`}
        name={name}
        placeholder={placeholder}
        defaultValue={request.shopper_parcel?.[name] ?? ""}
        className={CONTROL}
        autoComplete="off"
        aria-invalid={problems.fields[name] ? true : undefined}
      />
      {problems.fields[name] && <p className="mt-1 text-sm font-medium text-madder">{problems.fields[name]}</p>}
    </div>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="The parcel you sent back" className="space-y-3">
      <p className="font-semibold">Sent it? Tell us the carrier and tracking number</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {field("carrier", "Carrier", "Royal Mail, USPS, DHL...")}
        {field("tracking_number", "Tracking number", "As on your receipt")}
      </div>
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <Button type="submit" disabled={sending}>
        {sending ? "Saving..." : "Save tracking"}
      </Button>
    </form>
  );
}
