import { addressLines, formatAddress, paidWithStoreCredit, SELLER, type AdminOrderDetail } from "@store/shared";
import { formatMinor, formatWhen } from "./format";
import { phoneDigits } from "./order-sections";

/**
 * One order's packing slip: who sends it, to whom, and what goes in the parcel (pieces still to send, with
 * their sizes), and for cash on delivery the amount the courier collects. One printed page per slip.
 */
export function OrderPackingSlip({ order }: { order: AdminOrderDetail }) {
  const d = order.delivery;
  const pieces = order.lines.filter((l) => l.quantity > l.cancelled_quantity);
  // What the store credit left to pay (decision 088); nothing left, the parcel is prepaid.
  // Less cash on delivery's advance, paid online (decision 093).
  const toCollect =
    paidWithStoreCredit(order.total_minor, order.store_credit_minor).rest - (order.cod_advance_minor ?? 0);
  const cod = order.payment_method === "cod" && toCollect > 0;
  return (
    <article
      aria-labelledby={`slip-${order.id}`}
      className="mx-auto max-w-3xl break-after-page rounded-2xl bg-white p-6 shadow-sm ring-1 ring-linen print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-linen pb-4">
        <div>
          <p className="font-serif text-xl font-semibold text-indigo-ink">{SELLER.brand}</p>
          <p className="text-sm">{formatAddress()}</p>
          <p className="text-sm">
            {SELLER.phones[0]} · {SELLER.supportEmail}
          </p>
        </div>
        <div>
          <h2 id={`slip-${order.id}`} className="text-2xl font-semibold">
            Order {order.id}
          </h2>
          <p className="text-sm">Placed {formatWhen(order.created_at)}</p>
        </div>
      </header>
      <section aria-label={`Deliver to, order ${order.id}`} className="mt-4">
        <h3 className="text-sm font-semibold uppercase tracking-wide">Deliver to</h3>
        <address className="mt-1 not-italic leading-relaxed">
          <span className="block text-lg font-semibold">{d.name}</span>
          {addressLines({ ...d, pinCode: d.pin_code }).map((line, i) => (
            <span key={i} className="block break-words">
              {line}
            </span>
          ))}
          <span className="block">Phone +{phoneDigits(d.country_code, d.mobile_number)}</span>
        </address>
      </section>
      <table className="mt-5 w-full text-left text-sm">
        <caption className="sr-only">Pieces in order {order.id}</caption>
        <thead className="border-b border-charcoal/40">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Product
            </th>
            <th scope="col" className="py-2 pr-3">
              Size
            </th>
            <th scope="col" className="py-2 text-right">
              Quantity
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-linen">
          {pieces.map((l) => (
            <tr key={l.id}>
              <td className="py-2 pr-3">{l.product_name}</td>
              <td className="py-2 pr-3">{l.size}</td>
              <td className="py-2 text-right tabular-nums">{l.quantity - l.cancelled_quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {cod ? (
        <p className="mt-5 rounded-xl border-2 border-charcoal p-3 text-lg font-semibold">
          Cash on delivery: collect {formatMinor(toCollect, order.currency)}
        </p>
      ) : (
        <p className="mt-5 text-sm">Paid online: nothing to collect.</p>
      )}
      {d.comment && <p className="mt-3 text-sm">Note from the customer: {d.comment}</p>}
    </article>
  );
}
