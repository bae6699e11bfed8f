import { formatMoney, type Currency, type ShippingMethod, type ShippingMethodCode } from "@store/shared";

export const SHIPPING_GROUP_ID = "checkout-shipping-method";

/**
 * The shipping methods an address may choose (packages/shared's shipping-methods.ts), each with its days and
 * the fee the seller set (read from the server). Shown only when there is a choice: with standard shipping alone the shopper sees the spec's
 * "Shipping Free" (39 with cash on delivery) and nothing more.
 */
export function ShippingChoice({
  methods,
  chosen,
  onChoose,
  feeOf,
  currency,
  disabled,
}: {
  methods: readonly ShippingMethod[];
  chosen: ShippingMethodCode;
  onChoose: (code: ShippingMethodCode) => void;
  /** The method's own fee for this parcel, from the seller's fees (major units; cash on delivery's is the payment's). */
  feeOf: (method: ShippingMethod) => number;
  currency: Currency;
  disabled: boolean;
}) {
  if (methods.length < 2) return null;
  return (
    <fieldset id={SHIPPING_GROUP_ID} disabled={disabled} className="mb-8 min-w-0">
      <legend className="text-lg font-semibold text-indigo-ink">Delivery speed</legend>
      <div className="mt-3 space-y-3">
        {methods.map((method) => {
          const fee = feeOf(method);
          return (
            <label
              key={method.code}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-charcoal/20 bg-white p-4 transition hover:border-indigo-ink/60 has-[:checked]:border-indigo-ink has-[:checked]:ring-2 has-[:checked]:ring-indigo-ink/20"
            >
              <input
                type="radio"
                name="shipping_method"
                value={method.code}
                checked={chosen === method.code}
                onChange={() => onChoose(method.code)}
                aria-labelledby={`${SHIPPING_GROUP_ID}-${method.code}-title`}
                aria-describedby={`${SHIPPING_GROUP_ID}-${method.code}`}
                className="mt-1 h-4 w-4 flex-none accent-indigo-ink"
              />
              <span className="flex-1">
                <span id={`${SHIPPING_GROUP_ID}-${method.code}-title`} className="block font-semibold text-charcoal">
                  {method.label}
                </span>
                <span id={`${SHIPPING_GROUP_ID}-${method.code}`} className="block text-sm text-charcoal/80">
                  {fee > 0 ? formatMoney(fee, currency) : "Free"}, {method.days.earliest}-{method.days.latest} business
                  days
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
