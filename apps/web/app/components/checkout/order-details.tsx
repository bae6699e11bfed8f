import { imageSrcSet } from "@store/shared/media";
import {
  formatMoney,
  namedSizePhrase,
  shippingLineLabel,
  shopperDateText,
  shopperTimeText,
  type OrderDetail,
} from "@store/shared";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { OrderStatusBadge } from "../admin/order-status-badge";
import { formatDate, isoDate } from "../content/format-date";
import { orderPath, paymentMethodLabel, piecesText } from "./order-format";
import { OrderPlaced } from "./order-placed";
import { useAddressLines } from "./use-address-lines";

/**
 * Returns and reviews load when the order has them to show (delivered, within the window, or a request made):
 * their forms bring the validation rules (zod), which the confirmation of a just-placed order
 * never uses; so do the bank transfer's details, for orders paid that way (decision 110). The page is rendered
 * in the browser, so no server HTML waits for them.
 */
const OrderBankTransfer = lazy(() => import("./order-bank-transfer").then((m) => ({ default: m.OrderBankTransfer })));
const OrderReturns = lazy(() => import("./order-returns").then((m) => ({ default: m.OrderReturns })));
const OrderReviews = lazy(() => import("./order-reviews").then((m) => ({ default: m.OrderReviews })));

const CARD = "rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8";

/** An order's page: where it stands, what was bought at which price, the totals and where it goes. */
export function OrderDetails({
  order,
  linkSecret = null,
  placed = false,
}: {
  order: OrderDetail;
  linkSecret?: string | null;
  /** Just paid or confirmed: the confirmation's summary leads the page (decision 076). */
  placed?: boolean;
}) {
  const guest = linkSecret !== null;
  const trackPath = guest ? `/orders/${order.id}?token=${encodeURIComponent(linkSecret)}` : orderPath(order.id);
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link
            to={guest ? "/track-order" : "/account"}
            className="text-sm font-medium text-madder underline-offset-4 hover:underline"
          >
            {guest ? "← Track another order" : "← Your account"}
          </Link>
          <h1 className="mt-2 text-4xl font-semibold text-indigo-ink sm:text-5xl">
            {placed
              ? order.status === "pending_payment"
                ? `Order #${order.id} is placed`
                : `Order #${order.id} is confirmed`
              : `Order #${order.id}`}
          </h1>
          <p className="mt-2 text-charcoal/85">
            Placed on{" "}
            <time dateTime={isoDate(order.created_at)}>{shopperDateText(order.created_at, order.time_zone)}</time> ·{" "}
            {piecesText(order.item_count)} · {paymentMethodLabel(order.payment_method)}
          </p>
        </div>
        <p className="flex items-center gap-2">
          <span className="sr-only">Status:</span>
          <OrderStatusBadge status={order.status} />
          {order.is_test && (
            <span className="rounded-full bg-turmeric/20 px-2.5 py-0.5 text-xs font-semibold text-charcoal">
              Test payment
            </span>
          )}
        </p>
      </header>
      {order.bank_transfer && (
        <Suspense fallback={null}>
          <OrderBankTransfer transfer={order.bank_transfer} currency={order.currency} />
        </Suspense>
      )}
      {placed && <OrderPlaced order={order} trackPath={trackPath} />}
      {/* The confirmation says the customs note with the steps ahead: the timeline need not say it again. */}
      <OrderTimeline order={order} customsNote={!placed} />
      <section aria-labelledby="order-items-heading" className={CARD}>
        <h2 id="order-items-heading" className="text-2xl font-semibold text-indigo-ink">
          Items
        </h2>
        <OrderLines order={order} />
        <OrderTotals order={order} />
      </section>
      {(order.return_window_closes_at !== null || order.returns.length > 0) && (
        <Suspense fallback={null}>
          <OrderReturns order={order} linkSecret={linkSecret} />
        </Suspense>
      )}
      {order.reviewable_line_ids.length > 0 && (
        <Suspense fallback={null}>
          <OrderReviews order={order} linkSecret={linkSecret} />
        </Suspense>
      )}
      <TaxDocuments order={order} />
      <DeliveryDetails delivery={order.delivery} business={order.business} />
    </div>
  );
}

/**
 * Where the order has been, oldest first, the newest step marked as the current one; each step's time in the
 * order's zone, named (decision 084: the stored zone, never the browser's, so the hydration matches).
 */
function OrderTimeline({ order, customsNote }: { order: OrderDetail; customsNote: boolean }) {
  return (
    <section aria-labelledby="order-timeline-heading" className={CARD}>
      <h2 id="order-timeline-heading" className="text-2xl font-semibold text-indigo-ink">
        Order progress
      </h2>
      <ol className="mt-4 space-y-3 border-l-2 border-linen pl-5">
        {order.timeline.map((step, index) => {
          const current = index === order.timeline.length - 1;
          return (
            <li key={`${step.at}-${step.label}`} aria-current={current ? "step" : undefined} className="relative">
              <span
                aria-hidden="true"
                className={`absolute -left-[27px] top-1.5 h-3 w-3 rounded-full ${current ? "bg-madder" : "bg-linen"}`}
              />
              <span className={current ? "font-semibold text-charcoal" : "text-charcoal/85"}>{step.label}</span>{" "}
              <time dateTime={step.at} className="text-sm text-charcoal/80">
                {shopperTimeText(step.at, order.time_zone, order.delivery.country)}
              </time>
              {step.detail && <span className="mt-1 block text-sm text-charcoal/85">{step.detail}</span>}
            </li>
          );
        })}
      </ol>
      {customsNote && order.customs && (
        <p data-testid="customs-note" className="mt-5 rounded-2xl bg-linen/60 p-4 text-sm text-charcoal">
          <span className="font-semibold">Customs:</span> {order.customs.note}
        </p>
      )}
      {order.failed_delivery && (
        <div
          data-testid="failed-delivery"
          role="status"
          className="mt-5 rounded-2xl bg-linen/60 p-4 text-sm text-charcoal"
        >
          <p>
            <span className="font-semibold">{`The courier could not deliver (attempt ${order.failed_delivery.attempt}):`}</span>{" "}
            {order.failed_delivery.reason_text}.
          </p>
          {order.failed_delivery.answer_path ? (
            <Link
              to={order.failed_delivery.answer_path}
              className="mt-2 inline-block font-semibold text-madder underline underline-offset-4"
            >
              Choose a new date, correct the address, or cancel
            </Link>
          ) : (
            <p className="mt-2 text-charcoal/85">
              {order.failed_delivery.answered
                ? "Thank you for your answer: we will tell the courier."
                : "Write to us and we will arrange the delivery."}
            </p>
          )}
        </div>
      )}
      {order.delivered_by_hand && (
        <p className="mt-5 text-sm text-charcoal/85">We are bringing your parcel to you ourselves.</p>
      )}
      {order.tracking && (
        <p className="mt-5 text-sm text-charcoal/85">
          With {order.tracking.courier}, tracking number {order.tracking.awb}
          {order.tracking.url && (
            <>
              {" · "}
              <a
                href={order.tracking.url}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-madder underline underline-offset-4"
              >
                Track on the courier's site
              </a>
            </>
          )}
        </p>
      )}
    </section>
  );
}

/**
 * The GST tax invoice and any credit notes, as PDFs. The links carry the invoice's download token (the API
 * answers them without the session header, which a plain link cannot send).
 */
function TaxDocuments({ order }: { order: OrderDetail }) {
  if (!order.invoice) return null;
  const link = "font-medium text-madder underline underline-offset-4 hover:text-indigo-ink";
  return (
    <section aria-labelledby="order-invoice-heading" className={CARD}>
      <h2 id="order-invoice-heading" className="text-2xl font-semibold text-indigo-ink">
        Tax invoice
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        <li>
          <a href={order.invoice.url} download className={link}>
            Download tax invoice (PDF)
          </a>{" "}
          <span className="text-charcoal/80">
            {order.invoice.number} · <time dateTime={order.invoice.date}>{formatDate(order.invoice.date)}</time>
          </span>
        </li>
        {order.credit_notes.map((note) => (
          <li key={note.number}>
            <a href={note.url} download className={link}>
              Download credit note {note.number} (PDF)
            </a>{" "}
            <span className="text-charcoal/80">
              <time dateTime={note.date}>{formatDate(note.date)}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrderLines({ order }: { order: OrderDetail }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  // Phones show size, quantity and unit price under the name instead of in their own columns.
  const wide = "hidden sm:table-cell";
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="sr-only">Items in order #{order.id}</caption>
      <thead className="border-b border-linen text-xs uppercase tracking-wider text-charcoal/75">
        <tr className="[&_th]:py-2 [&_th]:font-semibold">
          <th scope="col">Product</th>
          <th scope="col" className={wide}>
            Size
          </th>
          <th scope="col" className={`${wide} text-right`}>
            Qty
          </th>
          <th scope="col" className={`${wide} text-right`}>
            Unit price
          </th>
          <th scope="col" className="text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-linen [&_td]:py-3 [&_td]:align-top">
        {order.lines.map((line, index) => (
          <tr key={`${line.product_pk ?? "gone"}-${line.size}-${index}`}>
            <th scope="row" className="flex gap-3 py-3 pr-4 text-left align-top font-normal">
              <LinePhoto src={line.image} />
              <span>
                <span className="block font-serif text-base text-charcoal">
                  {line.product_pk ? (
                    <Link to={`/product/${line.product_pk}`} className="hover:text-madder">
                      {line.product_name}
                    </Link>
                  ) : (
                    line.product_name
                  )}
                </span>
                <span className="mt-0.5 block text-charcoal/80 sm:hidden">
                  {namedSizePhrase(line.size, line.size_name)} · {line.quantity} × {money(line.unit_price)}
                </span>
                {line.lead_days !== null && <MadeToOrderNote line={line} />}
              </span>
            </th>
            <td className={wide}>{line.size_name}</td>
            <td className={`${wide} text-right tabular-nums`}>{line.quantity}</td>
            <td className={`${wide} text-right tabular-nums`}>{money(line.unit_price)}</td>
            <td className="text-right font-semibold tabular-nums">{money(line.line_total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const MAKING_TEXT = { in_production: "In production", ready: "Ready to ship" } as const;

/** Made to order (decision 099): the days to make it, the shopper's notes, its making, and whether it returns. */
function MadeToOrderNote({ line }: { line: OrderDetail["lines"][number] }) {
  return (
    <span className="mt-1 block space-y-0.5 text-sm text-charcoal/80" data-made-to-order-line>
      <span className="block">
        Made to order: about {line.lead_days} days to make ·{" "}
        <span data-making>{line.production_status ? MAKING_TEXT[line.production_status] : "Not started yet"}</span>
      </span>
      {line.notes && (
        <span className="block whitespace-pre-line break-words">
          <span className="font-semibold">Your notes:</span> {line.notes}
        </span>
      )}
      {!line.returnable && <span className="block font-semibold text-madder">Made to order: not returnable</span>}
    </span>
  );
}

/** The piece's photo beside its name, its box kept when there is none so the rows line up. */
function LinePhoto({ src }: { src: string | null }) {
  const box = "h-16 w-16 shrink-0 rounded-xl bg-linen object-cover";
  if (!src) return <span aria-hidden="true" className={box} />;
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes="64px"
      alt=""
      width={64}
      height={64}
      loading="lazy"
      className={box}
    />
  );
}

function OrderTotals({ order }: { order: OrderDetail }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const rows: [string, string][] = [
    ["Subtotal", money(order.subtotal)],
    ...(order.discount > 0
      ? [
          [`Discount${order.promo_code ? ` (${order.promo_code})` : ""}`, `−${money(order.discount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [shippingLineLabel(order.shipping_method), order.shipping > 0 ? money(order.shipping) : "Free"],
    // The wallet's INR "end in 9" rounding (decision 006), shown so the lines add up.
    ...(order.rounding > 0 ? [["Rounding (PayPal)", money(order.rounding)] as [string, string]] : []),
    // Collected with the order for the destination's customs (decision 081), so nothing is due at delivery.
    ...(order.duties > 0 ? [["Import duties and taxes", money(order.duties)] as [string, string]] : []),
  ];
  return (
    <dl className="ml-auto mt-6 max-w-sm space-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-6">
          <dt>{term}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-6 border-t border-linen pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{money(order.total)}</dd>
      </div>
      {/* Store credit is a way of paying (decision 088): how the total was paid, under it. */}
      {order.store_credit > 0 && (
        <div data-testid="paid-with-credit" className="flex justify-between gap-6">
          <dt>Paid with store credit</dt>
          <dd className="tabular-nums">{money(order.store_credit)}</dd>
        </div>
      )}
      {order.store_credit > 0 && order.to_pay > 0 && (
        <div className="flex justify-between gap-6">
          <dt>
            {order.payment_method === "cod"
              ? "To pay in cash on delivery"
              : `Paid with ${paymentMethodLabel(order.payment_method)}`}
          </dt>
          <dd className="tabular-nums">{money(order.to_pay)}</dd>
        </div>
      )}
    </dl>
  );
}

function DeliveryDetails({
  delivery,
  business,
}: {
  delivery: OrderDetail["delivery"];
  business?: OrderDetail["business"];
}) {
  const lines = useAddressLines({
    address: delivery.delivery_address,
    city: delivery.city,
    state: delivery.state,
    pinCode: delivery.pin_code,
    country: delivery.country,
  });
  return (
    <section aria-labelledby="order-delivery-heading" className={CARD}>
      <h2 id="order-delivery-heading" className="text-2xl font-semibold text-indigo-ink">
        Delivery
      </h2>
      <address className="mt-4 whitespace-pre-line not-italic leading-relaxed text-charcoal">
        <span className="font-semibold">{delivery.name}</span>
        {"\n"}
        {lines.map((line) => `${line}\n`).join("")}
        {`${delivery.country_code} ${delivery.mobile_number}`.trim()}
      </address>
      {delivery.comment && (
        <p className="mt-4 text-sm text-charcoal/85">
          <span className="font-semibold">Instructions:</span> {delivery.comment}
        </p>
      )}
      {business && (
        <p data-testid="order-business" className="mt-4 text-sm text-charcoal/85">
          <span className="font-semibold">GST invoice to:</span> {business.legal_name}, GSTIN {business.gstin}
        </p>
      )}
    </section>
  );
}
