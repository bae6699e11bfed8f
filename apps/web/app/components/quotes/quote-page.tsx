import { formatMoney, type QuoteView } from "@store/shared";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { api, ApiError, STORAGE_KEYS } from "../../lib/api";
import { useCart } from "../../lib/cart";
import { useSession } from "../../lib/session";
import { browserStorage } from "../../lib/storage";
import { FormMessage } from "../account/auth-card";
import { loginPath } from "../account/safe-next";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";

const rupees = (paise: number) => formatMoney(paise / 100, "INR");
const QUOTE_STATUS_LABELS: Record<QuoteView["status"], string> = {
  requested: "Waiting for our prices",
  quoted: "Priced: ready to accept",
  accepted: "Accepted and ordered",
  declined: "Declined",
  expired: "Expired",
};

/** One of the buyer's quotes: its lines, prices and terms, the proforma invoice, and accepting it (decision 101). */
export function QuotePage({ id }: { id: string }) {
  const { ready, token } = useSession();
  const cart = useCart();
  const navigate = useNavigate();
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!ready) return;
    if (!token) {
      void navigate(loginPath(`/quote/${id}`), { replace: true });
      return;
    }
    const controller = new AbortController();
    api
      .get<QuoteView>(`/api/quotes/${encodeURIComponent(id)}`, undefined, { signal: controller.signal })
      .then(setQuote, (e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof ApiError ? e.message : "This quote could not be loaded.");
      });
    return () => controller.abort();
  }, [ready, token, id, navigate]);

  async function proforma() {
    setError(null);
    const response = await fetch(`/api/quotes/${encodeURIComponent(id)}/proforma.pdf`, {
      headers: { Authorization: `Token ${browserStorage.get(STORAGE_KEYS.token) ?? ""}` },
    });
    if (!response.ok) {
      setError("The proforma invoice could not be made just now.");
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = `proforma-Q-${id}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      const { cart_id } = await api.post<{ cart_id: string }>(`/api/quotes/${encodeURIComponent(id)}/accept`, {});
      browserStorage.set(STORAGE_KEYS.cartId, cart_id);
      await cart.refresh();
      await navigate("/cart");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The quote could not be accepted just now.");
    } finally {
      setBusy(false);
    }
  }

  if (error && !quote) return <FormMessage tone="error">{error}</FormMessage>;
  if (!quote) return <Skeleton className="h-40 w-full" />;
  return (
    <div className="space-y-5">
      <p className="text-lg font-semibold">Status: {QUOTE_STATUS_LABELS[quote.status]}</p>
      <ul className="divide-y divide-linen">
        {quote.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {l.product_id === null ? `Custom work: ${l.custom_text}` : l.product_name}
              {l.size && `, size ${l.size}`}
              {l.colour && `, ${l.colour}`} × {l.quantity}
            </span>
            {l.unit_price_paise !== null && (
              <span className="tabular-nums">
                {rupees(l.unit_price_paise)} each · {rupees(l.unit_price_paise * l.quantity)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {quote.total_paise !== null && (
        <dl className="space-y-1">
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd className="tabular-nums">{rupees(quote.shipping_paise ?? 0)}</dd>
          </div>
          <div className="flex justify-between text-lg font-semibold">
            <dt>Total, GST included</dt>
            <dd className="tabular-nums">{rupees(quote.total_paise)}</dd>
          </div>
          <p className="text-sm text-charcoal/80">
            Valid until {quote.valid_until} · lead time {quote.lead_time_days} days{quote.terms && ` · ${quote.terms}`}
          </p>
        </dl>
      )}
      {quote.decline_reason && <p>{quote.decline_reason}</p>}
      {quote.order_id !== null && (
        <p>
          <Link className="underline" to={`/account/orders/${quote.order_id}`}>
            See order #{quote.order_id}
          </Link>
        </p>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="flex flex-col gap-3 sm:flex-row">
        {(quote.status === "quoted" || quote.status === "accepted") && (
          <Button variant="secondary" onClick={() => void proforma()}>
            Download proforma invoice
          </Button>
        )}
        {quote.status === "quoted" && (
          <Button onClick={() => void accept()} disabled={busy}>
            Accept and check out
          </Button>
        )}
      </div>
    </div>
  );
}
