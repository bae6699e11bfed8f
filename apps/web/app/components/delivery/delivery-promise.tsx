import { formatMoney, type ShippingPromise } from "@store/shared";

/**
 * "Delivers to United Kingdom: International standard 10-30 business days from $18, ..." for a shopper outside
 * India, in place of the PIN code box (decision 080). Rendered from the loader's data: no request of its own.
 */
export function DeliveryPromise({ promise }: { promise: ShippingPromise }) {
  return (
    <section aria-labelledby="delivery-promise-heading" className="rounded-2xl border border-linen bg-white/70 p-5">
      <h2 id="delivery-promise-heading" className="text-sm font-semibold uppercase tracking-wider text-charcoal/80">
        Delivers to {promise.country_name}
      </h2>
      {promise.methods.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-charcoal">
          {promise.methods.map((m) => (
            <li key={m.code}>
              <span className="font-semibold">{m.label}</span>: {m.days.earliest}-{m.days.latest} business days, from{" "}
              {formatMoney(m.from, promise.currency)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-madder">{promise.message}</p>
      )}
    </section>
  );
}
