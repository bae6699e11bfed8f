import { formatMoney, type CustomsNote, type OrderDetail } from "@store/shared";
import { Link } from "react-router";
import { paymentMethodLabel } from "./order-format";

/** "Mon 14 Dec" for an IST day ("2026-12-14"), the same on the server and in the browser. */
const DAY = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
const dayText = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`)).replace(",", "");

export function deliveryPromiseText(window: OrderDetail["delivery_window"]): string {
  return window.earliest === window.latest
    ? `by ${dayText(window.latest)}`
    : `between ${dayText(window.earliest)} and ${dayText(window.latest)}`;
}

const LINK = "font-semibold text-madder underline underline-offset-4 hover:text-indigo-ink";

/**
 * The top of the order's page right after paying or confirming cash on delivery (decision 076): what was
 * paid, when it arrives, what happens next, and the invoice and the page to come back to.
 */
export function OrderPlaced({ order, trackPath }: { order: OrderDetail; trackPath: string }) {
  // What the method pays or the courier collects: the total less the store credit spent (decision 088).
  // An order the credit paid whole shows its total, paid by "Store credit".
  const money = formatMoney(order.to_pay > 0 ? order.to_pay : order.total, order.currency);
  const cod = order.payment_method === "cod" && order.to_pay > 0;
  const partCredit = order.store_credit > 0 && order.to_pay > 0;
  const place = [order.delivery.city, order.delivery.pin_code].filter(Boolean).join(" ");
  return (
    <section
      aria-labelledby="order-placed-heading"
      className="rounded-3xl bg-indigo-ink p-6 text-cream shadow-sm sm:p-8"
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-turmeric">Order confirmed</p>
      <h2 id="order-placed-heading" className="mt-1 text-3xl font-semibold sm:text-4xl">
        Thank you, {order.delivery.name}!
      </h2>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-cream/80">{cod ? "To pay in cash on delivery" : "Paid"}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{money}</dd>
          {!cod && <dd className="text-sm text-cream/80">{paymentMethodLabel(order.payment_method)}</dd>}
          {partCredit && (
            <dd className="text-sm text-cream/80">
              Paid with store credit: {formatMoney(order.store_credit, order.currency)}
            </dd>
          )}
        </div>
        <div>
          <dt className="text-sm text-cream/80">Arriving{place ? ` in ${place}` : ""}</dt>
          <dd className="text-2xl font-semibold">{deliveryPromiseText(order.delivery_window)}</dd>
        </div>
        {order.business && (
          <div className="sm:col-span-2">
            <dt className="text-sm text-cream/80">GST invoice to</dt>
            <dd className="font-semibold">
              {order.business.legal_name}, GSTIN {order.business.gstin}
            </dd>
          </div>
        )}
      </dl>
      <h3 className="mt-6 font-semibold">What happens next</h3>
      {order.customs ? (
        <StepsAbroad order={order} customs={order.customs} />
      ) : (
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-cream/90">
          <li>We e-mail your confirmation{order.invoice ? " with the tax invoice" : ""}.</li>
          <li>We pack your pieces in Jaipur and hand them to the courier; you get the tracking number by e-mail.</li>
          <li>
            {cod ? `Keep ${money} ready in cash for the courier.` : "The courier brings the parcel to your door."}
          </li>
        </ol>
      )}
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-3 rounded-2xl bg-cream p-4 text-sm">
        <Link to={trackPath} className={LINK}>
          Track this order
        </Link>
        {order.invoice && (
          <a href={order.invoice.url} download className={LINK}>
            Download tax invoice (PDF)
          </a>
        )}
        <Link to="/" className={LINK}>
          Continue shopping
        </Link>
      </p>
    </section>
  );
}

/**
 * An order abroad crosses two customs (decision 086): the steps it will take, and what is due at the door. One
 * delivery attempt is the spec's shipping terms; a parcel refused or missed goes back at the buyer's cost.
 */
function StepsAbroad({ order, customs }: { order: OrderDetail; customs: CustomsNote }) {
  return (
    <>
      <ol data-testid="steps-abroad" className="mt-2 list-decimal space-y-1 pl-5 text-cream/90">
        <li>We e-mail your confirmation{order.invoice ? " with the tax invoice" : ""}.</li>
        <li>
          We pack your pieces in Jaipur and hand them to {customs.carrier}; you get the tracking number by e-mail.
        </li>
        <li>Export customs in India clear the parcel, with its commercial invoice.</li>
        <li>It flies to {customs.country}.</li>
        <li>Import customs in {customs.country} clear it.</li>
        <li>
          {customs.carrier} brings it to your door. There is one delivery attempt: a parcel that cannot be delivered is
          shipped again at your cost.
        </li>
      </ol>
      <p data-testid="customs-note" className="mt-4 rounded-2xl bg-cream/10 p-4 text-sm">
        <span className="font-semibold">Customs:</span> {customs.note}
      </p>
    </>
  );
}
