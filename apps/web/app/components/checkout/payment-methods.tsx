import {
  formatMoney,
  isCashOnDeliveryAllowed,
  type Currency,
  type PaymentMethod,
  type PaymentOptionsResponse,
} from "@store/shared";
import type { ApiState } from "../../lib/use-api-get";

export const PAYMENT_GROUP_ID = "checkout-payment-method";

type Choice = { method: PaymentMethod; title: string; detail: string; unavailable: string | null };

/** Until the server's list arrives (or when it cannot be read), the spec's two online methods are shown. */
const SPEC_OFFERS = [
  { name: "razorpay", label: "Cards, UPI, net banking", detail: "Pay securely with Razorpay.", available: false },
  {
    name: "paypal",
    label: "PayPal",
    detail: "Pay with your PayPal account, or a card through PayPal.",
    available: false,
  },
];

/** The online methods the server's registry offers in this currency, each with why it cannot be chosen. */
function onlineChoices(options: ApiState<PaymentOptionsResponse>, currency: Currency, cod: boolean): Choice[] {
  const offers =
    options.status === "success"
      ? options.data.providers.filter((offer) => offer.currencies.includes(currency))
      : SPEC_OFFERS;
  const unavailable = (available: boolean) =>
    cod ? null : options.status === "loading" ? "Loading..." : available ? null : "Not available right now.";
  return offers.map((offer) => ({
    method: offer.name,
    title: offer.label,
    detail: offer.detail,
    unavailable: unavailable(offer.available),
  }));
}

/**
 * The spec's payment method choice: the card provider and the wallet, and cash on delivery in INR. The
 * cart's Cash on Delivery box decides COD (it also sets the shipping fee the cart shows), so while it is
 * ticked COD is the method, and the online ones wait for it to be unticked.
 */
export function PaymentMethods({
  currency,
  cod,
  codAbroad = false,
  codRefused = null,
  codAdvance = null,
  codTotal,
  codShipping,
  chosen,
  onChoose,
  options,
  disabled,
  describedBy,
}: {
  currency: Currency;
  cod: boolean;
  /** Cash on Delivery is ticked in the cart, but the parcel goes abroad: it is not offered there. */
  codAbroad?: boolean;
  /**
   * Cash on Delivery is ticked, but it is not offered here (the courier takes no cash at this PIN code, or the
   * seller's rules say no): the one sentence saying why.
   */
  codRefused?: string | null;
  /** Cash on delivery here needs an advance paid online (decision 093): the sentence saying how much. */
  codAdvance?: string | null;
  /** What a COD order costs, fee included (major units). */
  codTotal: number;
  /** Its shipping: the shipping method's fee and cash on delivery's (major units). */
  codShipping: number;
  chosen: PaymentMethod | null;
  onChoose: (method: PaymentMethod) => void;
  options: ApiState<PaymentOptionsResponse>;
  disabled: boolean;
  /** The id of the message saying a method is missing, when it shows. */
  describedBy?: string;
}) {
  const choices = onlineChoices(options, currency, cod);
  if (cod) {
    const fee = formatMoney(codShipping, currency);
    choices.push({
      method: "cod",
      title: "Cash on delivery",
      detail:
        codAdvance ?? `Pay ${formatMoney(codTotal, currency)} when your order arrives (includes ${fee} shipping).`,
      unavailable: null,
    });
  }
  const testMode = options.status === "success" && options.data.providers.some((offer) => offer.test_mode);

  return (
    <fieldset id={PAYMENT_GROUP_ID} disabled={disabled} aria-describedby={describedBy} className="min-w-0">
      <legend className="text-lg font-semibold text-indigo-ink">Payment method</legend>
      <div className="mt-3 space-y-3">
        {choices.map(({ method, title, detail, unavailable }) => {
          const off = unavailable !== null || (cod && method !== "cod");
          return (
            <label
              key={method}
              className={`flex items-start gap-3 rounded-xl border bg-white p-4 transition has-[:checked]:border-indigo-ink has-[:checked]:ring-2 has-[:checked]:ring-indigo-ink/20 ${off ? "cursor-not-allowed border-linen opacity-60" : "cursor-pointer border-charcoal/20 hover:border-indigo-ink/60"}`}
            >
              <input
                type="radio"
                name="payment_method"
                value={method}
                checked={chosen === method}
                disabled={off}
                onChange={() => method !== "cod" && onChoose(method)}
                aria-labelledby={`${PAYMENT_GROUP_ID}-${method}-title`}
                aria-describedby={`${PAYMENT_GROUP_ID}-${method}`}
                className="mt-1 h-4 w-4 flex-none accent-indigo-ink"
              />
              <span>
                <span id={`${PAYMENT_GROUP_ID}-${method}-title`} className="block font-semibold text-charcoal">
                  {title}
                </span>
                <span id={`${PAYMENT_GROUP_ID}-${method}`} className="block text-sm text-charcoal/80">
                  {unavailable ?? detail}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {codAbroad && (
        <p className="mt-3 text-sm text-charcoal/80">
          Cash on delivery is available only for delivery in India: please pay online.
        </p>
      )}
      {codRefused && (
        <p className="mt-3 text-sm text-charcoal/80" data-testid="cod-refused">
          {codRefused}
        </p>
      )}
      {isCashOnDeliveryAllowed(currency) && !codAbroad && !codRefused && (
        <p className="mt-3 text-sm text-charcoal/80">
          {cod
            ? "To pay online, untick Cash on Delivery in the order summary."
            : "Prefer to pay in cash? Tick Cash on Delivery in the order summary."}
        </p>
      )}
      {testMode && (
        <p className="mt-3 rounded-lg bg-turmeric/15 px-3 py-2 text-sm text-charcoal">
          Test mode: payments are simulated and no money is taken.
        </p>
      )}
    </fieldset>
  );
}
