import { type QuoteView } from "@store/shared";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { adminApi, saveBlob } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { failureOf } from "../../components/admin/failures";
import { formatPaise } from "../../components/admin/format";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import {
  BUTTON_DANGER,
  BUTTON_PRIMARY,
  BUTTON_SECONDARY,
  CARD,
  CONTROL,
  SECTION_TITLE,
} from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import type { Route } from "./+types/quote-detail";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`Quote Q-${params.id}`);
}

const paiseOf = (rupees: string) => Math.round(Number(rupees) * 100);

/** One quote (decision 101): what was asked, and the seller's prices (GST included) to send, or a decline. */
export default function QuoteDetail({ params }: Route.ComponentProps) {
  const path = `/api/admin/quotes/${encodeURIComponent(params.id)}`;
  const quote = useAdminResource<QuoteView>(path);
  const q = quote.data;
  return (
    <>
      <PageHeader
        title={`Quote Q-${params.id}`}
        lead={
          q && `${q.status} · ${q.buyer.name} (${q.buyer.email}, ${q.phone}) · ${q.state} · wanted by ${q.wanted_by}`
        }
        actions={
          <Link to="/admin/quotes" className={BUTTON_SECONDARY}>
            All quotes
          </Link>
        }
      />
      {!q ? (
        <LoadState error={quote.error} onRetry={quote.reload} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-6">
            {q.notes && <p className={CARD}>Notes: {q.notes}</p>}
            {q.status === "requested" ? (
              <PriceForm quote={q} path={path} onDone={quote.replace} />
            ) : (
              <Priced quote={q} path={path} />
            )}
          </div>
          {(q.status === "requested" || q.status === "quoted") && <DeclineForm path={path} onDone={quote.replace} />}
        </div>
      )}
    </>
  );
}

function what(l: QuoteView["lines"][number]) {
  return l.product_id === null
    ? `Custom work: ${l.custom_text}`
    : `${l.product_name ?? `Product ${l.product_id}`}${l.size ? `, size ${l.size}` : ""}${l.colour ? `, ${l.colour}` : ""}`;
}

function Priced({ quote, path }: { quote: QuoteView; path: string }) {
  const [error, setError] = useState<string | null>(null);
  async function proforma() {
    setError(null);
    try {
      const file = await adminApi.download(`${path}/proforma.pdf`, {});
      saveBlob(file.blob, file.filename);
    } catch (failure) {
      setError(failureOf(failure).message);
    }
  }
  return (
    <section className={CARD}>
      <h2 className={SECTION_TITLE}>Lines</h2>
      <ul className="mt-3 space-y-2">
        {quote.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap justify-between gap-2">
            <span>
              {what(l)} × {l.quantity}
            </span>
            {l.unit_price_paise !== null && (
              <span className="tabular-nums">{formatPaise(l.unit_price_paise)} each</span>
            )}
          </li>
        ))}
      </ul>
      {quote.total_paise !== null && (
        <p className="mt-4 font-semibold">
          Shipping {formatPaise(quote.shipping_paise ?? 0)} · total {formatPaise(quote.total_paise)} (GST included) ·
          valid until {quote.valid_until}
        </p>
      )}
      {quote.decline_reason && <p className="mt-4">Declined: {quote.decline_reason}</p>}
      {quote.order_id !== null && (
        <p className="mt-4">
          Ordered as{" "}
          <Link className="underline" to={`/admin/orders/${quote.order_id}`}>
            order {quote.order_id}
          </Link>
        </p>
      )}
      {(quote.status === "quoted" || quote.status === "accepted") && (
        <button type="button" className={`${BUTTON_SECONDARY} mt-4`} onClick={() => void proforma()}>
          Download proforma invoice
        </button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-madder">
          {error}
        </p>
      )}
    </section>
  );
}

function PriceForm({ quote, path, onDone }: { quote: QuoteView; path: string; onDone: (q: QuoteView) => void }) {
  const [prices, setPrices] = useState<Record<number, { price: string; product: string; size: string }>>({});
  const [shipping, setShipping] = useState("0");
  const [validUntil, setValidUntil] = useState("");
  const [terms, setTerms] = useState("");
  const [lead, setLead] = useState("7");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const line = (id: number) => prices[id] ?? { price: "", product: "", size: "" };
  const set = (id: number, field: "price" | "product" | "size", value: string) =>
    setPrices((p) => ({ ...p, [id]: { ...line(id), [field]: value } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone(
        await adminApi.post<QuoteView>(`${path}/send`, {
          lines: quote.lines.map((l) => ({
            id: l.id,
            unit_price_paise: paiseOf(line(l.id).price),
            ...(l.product_id === null && line(l.id).product ? { sold_product_id: Number(line(l.id).product) } : {}),
            ...(line(l.id).size ? { sold_size: line(l.id).size } : {}),
          })),
          shipping_paise: paiseOf(shipping),
          valid_until: validUntil,
          terms,
          lead_time_days: Number(lead),
        }),
      );
    } catch (failure) {
      setError(failureOf(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={CARD} onSubmit={(e) => void submit(e)}>
      <h2 className={SECTION_TITLE}>Price and send</h2>
      <p className="mt-1 text-sm text-charcoal/80">
        Prices per piece in rupees, GST included. Custom work is sold as a catalogue product (e.g. a hidden “custom
        work” product with the right HSN code) and size.
      </p>
      <div className="mt-4 space-y-4">
        {quote.lines.map((l, i) => (
          <fieldset key={l.id} className="rounded-xl border border-linen p-3">
            <legend className="px-1 font-semibold">
              Line {i + 1}: {what(l)} × {l.quantity}
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <label className="text-sm">
                Price per piece (₹), line {i + 1}
                <input
                  className={CONTROL}
                  inputMode="decimal"
                  required
                  value={line(l.id).price}
                  onChange={(e) => set(l.id, "price", e.target.value)}
                />
              </label>
              {l.product_id === null && (
                <label className="text-sm">
                  Sold as product number, line {i + 1}
                  <input
                    className={CONTROL}
                    inputMode="numeric"
                    required
                    value={line(l.id).product}
                    onChange={(e) => set(l.id, "product", e.target.value)}
                  />
                </label>
              )}
              {(l.product_id === null || !l.size) && (
                <label className="text-sm">
                  Size, line {i + 1}
                  <input
                    className={CONTROL}
                    required
                    value={line(l.id).size}
                    onChange={(e) => set(l.id, "size", e.target.value)}
                  />
                </label>
              )}
            </div>
          </fieldset>
        ))}
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="text-sm">
            Shipping (₹)
            <input
              className={CONTROL}
              inputMode="decimal"
              value={shipping}
              onChange={(e) => setShipping(e.target.value)}
            />
          </label>
          <label className="text-sm">
            Valid until
            <input
              className={CONTROL}
              type="date"
              required
              value={validUntil}
              onChange={(e) => setValidUntil(e.target.value)}
            />
          </label>
          <label className="text-sm">
            Lead time (days)
            <input className={CONTROL} inputMode="numeric" value={lead} onChange={(e) => setLead(e.target.value)} />
          </label>
        </div>
        <label className="block text-sm">
          Terms
          <textarea className={CONTROL} rows={3} value={terms} onChange={(e) => setTerms(e.target.value)} />
        </label>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-madder">
          {error}
        </p>
      )}
      <button type="submit" className={`${BUTTON_PRIMARY} mt-4`} disabled={busy}>
        Send quote
      </button>
    </form>
  );
}

function DeclineForm({ path, onDone }: { path: string; onDone: (q: QuoteView) => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      onDone(await adminApi.post<QuoteView>(`${path}/decline`, { reason }));
    } catch (failure) {
      setError(failureOf(failure).message);
    }
  }
  return (
    <form className={`${CARD} h-fit`} onSubmit={(e) => void submit(e)}>
      <h2 className={SECTION_TITLE}>Decline</h2>
      <label className="mt-3 block text-sm">
        Reason (e-mailed to the buyer)
        <textarea className={CONTROL} rows={3} required value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <p role="alert" className="mt-2 text-madder">
          {error}
        </p>
      )}
      <button type="submit" className={`${BUTTON_DANGER} mt-3`}>
        Decline quote
      </button>
    </form>
  );
}
