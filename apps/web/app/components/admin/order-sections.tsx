import { addressLines, paidWithStoreCredit, shippingLineLabel, type AdminOrderDetail } from "@store/shared";
import type { ReactNode } from "react";
import { formatMinor, formatWhen, PAYMENT_LABELS, statusLabel } from "./format";
import { ListTable, type Column } from "./list-table";
import { paymentStatusLabel, refundState, type RefundState } from "./refund-state";
import { CARD, SECTION_TITLE } from "./styles";

type Line = AdminOrderDetail["lines"][number];
type Payment = AdminOrderDetail["payments"][number];

/** The lines as charged (the order's snapshot), then its totals. */
export function OrderLines({ order }: { order: AdminOrderDetail }) {
  const money = (minor: number) => formatMinor(minor, order.currency);
  const usd = order.currency === "USD";
  const rupees = (minor: number | null) => (minor === null ? "-" : formatMinor(minor, "INR"));
  const columns: Column<Line>[] = [
    { header: "Product", cell: (l) => l.product_name },
    { header: "Size", cell: (l) => l.size },
    {
      header: "Quantity",
      cell: (l) =>
        l.cancelled_quantity > 0 ? (
          <>
            {l.quantity - l.cancelled_quantity}
            <span className="block text-xs text-madder">{l.cancelled_quantity} cancelled</span>
          </>
        ) : (
          l.quantity
        ),
      className: "text-right tabular-nums",
    },
    { header: "Unit price", cell: (l) => money(l.unit_price_minor), className: "text-right tabular-nums" },
    { header: "Line total", cell: (l) => money(l.line_total_minor), className: "text-right tabular-nums" },
    // The seller thinks in rupees: a USD order's lines at the order's own rate (the server converts them).
    ...(usd
      ? [
          {
            header: "Line total in INR",
            cell: (l: Line) => rupees(l.line_total_inr_minor),
            className: "text-right tabular-nums",
          },
        ]
      : []),
  ];
  const credit = paidWithStoreCredit(order.total_minor, order.store_credit_minor);
  const totals: [string, string][] = [
    ["Subtotal", money(order.subtotal_minor)],
    [
      `Discount${order.promo_code ? ` (${order.promo_code})` : ""}`,
      order.discount_minor ? `- ${money(order.discount_minor)}` : money(0),
    ],
    [shippingLineLabel(order.shipping_method), order.shipping_minor ? money(order.shipping_minor) : "Free"],
  ];
  return (
    <section aria-labelledby="order-lines" className="space-y-3">
      <h2 id="order-lines" className={SECTION_TITLE}>
        Items
      </h2>
      <div className="hidden sm:block">
        <ListTable caption="Items in this order" columns={columns} rows={order.lines} empty="No items." />
      </div>
      {/* On a phone each line is a card: the table's five or six columns would scroll sideways. */}
      <ul aria-label="Items in this order" className="space-y-2 sm:hidden">
        {order.lines.map((l) => {
          const kept = l.quantity - l.cancelled_quantity;
          return (
            <li key={l.id} className="rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-linen">
              <p className="font-semibold">{l.product_name}</p>
              <p>
                Size {l.size} · {kept} x {money(l.unit_price_minor)}
                {l.cancelled_quantity > 0 && <span className="text-madder"> · {l.cancelled_quantity} cancelled</span>}
              </p>
              <p className="tabular-nums">
                {money(l.line_total_minor)}
                {usd && ` (${rupees(l.line_total_inr_minor)})`}
              </p>
            </li>
          );
        })}
      </ul>
      <dl className="ml-auto w-full max-w-xs space-y-1 text-sm">
        {totals.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-linen pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{money(order.total_minor)}</dd>
        </div>
        {(order.cod_advance_minor ?? 0) > 0 && (
          <>
            <div className="flex justify-between gap-4">
              <dt>Advance paid online</dt>
              <dd className="tabular-nums">{money(order.cod_advance_minor ?? 0)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>To collect on delivery</dt>
              <dd className="tabular-nums">{money(credit.rest - (order.cod_advance_minor ?? 0))}</dd>
            </div>
          </>
        )}
        {/* A way of paying, not a discount (decision 088): the invoice's value is the total above. */}
        {order.store_credit_minor > 0 && (
          <>
            <div data-testid="admin-paid-with-credit" className="flex justify-between gap-4">
              <dt>Paid with store credit</dt>
              <dd className="tabular-nums">{money(credit.credit)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{order.payment_method === "cod" ? "To collect on delivery" : "Paid otherwise"}</dt>
              <dd className="tabular-nums">{money(credit.rest)}</dd>
            </div>
            {order.store_credit_back_minor > 0 && (
              <div className="flex justify-between gap-4 text-charcoal/80">
                <dt>Store credit given back</dt>
                <dd className="tabular-nums">{money(order.store_credit_back_minor)}</dd>
              </div>
            )}
          </>
        )}
        {usd && order.total_inr_minor !== null && (
          <div className="flex justify-between gap-4 text-charcoal/80">
            <dt>In rupees (at {order.rate_milli / 1000} per USD)</dt>
            <dd className="tabular-nums">{rupees(order.total_inr_minor)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * The number in international form, digits only: the country code and the number, unless the number was typed
 * with its own "+" code; a leading trunk 0 ("098290...") is dropped.
 */
export function phoneDigits(countryCode: string, mobile: string): string {
  const number = mobile.replace(/\D/g, "");
  if (mobile.trim().startsWith("+")) return number;
  const code = countryCode.replace(/\D/g, "");
  const local = number.replace(/^0+/, "");
  return local.startsWith(code) && local.length > 10 ? local : `${code}${local}`;
}

const LINK = "font-semibold text-indigo-ink underline underline-offset-4 hover:text-madder";

/** Tap to call, tap to write on WhatsApp: what the seller does with a phone number from a phone. */
function PhoneLinks({ countryCode, mobile }: { countryCode: string; mobile: string }) {
  const digits = phoneDigits(countryCode, mobile);
  const shown = mobile.trim().startsWith("+") ? mobile : `${countryCode} ${mobile}`;
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <a href={`tel:+${digits}`} className={LINK}>
        Call {shown}
      </a>
      <a href={`https://wa.me/${digits}`} target="_blank" rel="noopener noreferrer" className={LINK}>
        WhatsApp
      </a>
    </span>
  );
}

export function DeliveryDetails({ order }: { order: AdminOrderDetail }) {
  const d = order.delivery;
  const rows: [string, ReactNode][] = [
    ["Name", d.name],
    ["Address", addressLines({ ...d, pinCode: d.pin_code }).join(", ")],
    ["Phone", <PhoneLinks key="phone" countryCode={d.country_code} mobile={d.mobile_number} />],
    ["E-mail", order.email ?? "-"],
    ["Comment", d.comment || "-"],
    [
      "Payment",
      `${PAYMENT_LABELS[order.payment_method] ?? order.payment_method}${order.is_test ? " (test payment)" : ""}`,
    ],
    ["Tracking number", order.tracking_number ?? "-"],
  ];
  return (
    <section aria-labelledby="order-delivery" className={CARD}>
      <h2 id="order-delivery" className={SECTION_TITLE}>
        Delivery
      </h2>
      {/* minmax(0, 1fr) and overflow-wrap:anywhere: a long e-mail or address wraps inside the card. */}
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-charcoal/80">{label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const REFUND_TONES: Record<RefundState["tone"], string> = {
  pending: "bg-turmeric/15",
  failed: "bg-madder/10 text-madder",
  done: "bg-sage/15",
};

/** The payments as the provider has them, then where each refund stands (queued, failed for good, done). */
export function OrderPayments({ order }: { order: AdminOrderDetail }) {
  const refunds = order.refunds.map((r) => ({ id: r.id, state: refundState(r, order.currency) }));
  const columns: Column<Payment>[] = [
    { header: "Provider", cell: (p) => PAYMENT_LABELS[p.provider] ?? p.provider },
    { header: "Status", cell: (p) => paymentStatusLabel(p.status) },
    {
      header: "Amount",
      cell: (p) => formatMinor(p.amount_minor, order.currency),
      className: "text-right tabular-nums",
    },
    { header: "Provider order", cell: (p) => <code className="text-xs">{p.provider_order_id}</code> },
    { header: "Updated", cell: (p) => formatWhen(p.updated_at) },
  ];
  return (
    <section aria-labelledby="order-payments" className="space-y-3">
      <h2 id="order-payments" className={SECTION_TITLE}>
        Payments
      </h2>
      <ListTable
        caption="Payments for this order"
        columns={columns}
        rows={order.payments}
        empty={order.payment_method === "cod" ? "Cash on delivery: nothing paid online." : "No payment yet."}
      />
      {refunds.length > 0 && (
        <ul aria-label="Refunds" className="space-y-2 text-sm">
          {refunds.map(({ id, state }) => (
            <li key={id} className={`rounded-xl px-4 py-3 ${REFUND_TONES[state.tone]}`}>
              {state.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The order's history, oldest first: every status it went through, who or what moved it, and notes. */
export function OrderEvents({ order }: { order: AdminOrderDetail }) {
  return (
    <section aria-labelledby="order-events" className={CARD}>
      <h2 id="order-events" className={SECTION_TITLE}>
        History
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-linen pl-4 text-sm">
        {order.events.map((event) => (
          <li key={event.id}>
            <p className="font-semibold">{statusLabel(event.to_status)}</p>
            <p className="text-charcoal/75">
              <time dateTime={event.created_at}>{formatWhen(event.created_at)}</time>
              {event.note && ` · ${event.note}`}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
