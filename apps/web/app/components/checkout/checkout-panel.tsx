import { note } from "../../lib/numbers";
import {
  type QuoteView,
  DEFAULT_SHIPPING_METHOD,
  formatMoney,
  MESSAGES,
  orderTotal,
  SHIPPING_METHODS,
  shippingMethodsFor,
  STORE_CREDIT_METHOD,
  type Currency,
  type DutiesNotice,
  type GeoResponse,
  type PaymentMethod,
  type CodOffer,
  type PaymentOptionsResponse,
  type ShippingFees,
  type ShippingMethodCode,
  type ShippingQuote,
} from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { useCart } from "../../lib/cart";
import { useSession } from "../../lib/session";
import { useApiGet } from "../../lib/use-api-get";
import { useCheckoutDraft } from "../cart/checkout-draft";
import { codNextStepText } from "./cod-code";
import { isDeliveryCountry } from "./countries";
import { CodCodeStep } from "./cod-code-step";
import { fieldId, DeliveryFields } from "./delivery-fields";
import {
  cashOnDeliveryOffer,
  checkDelivery,
  DELIVERY_FIELDS,
  browserTimeZone,
  emailRequiredFor,
  deliversInIndia,
  emptyDelivery,
  withCountry,
  withPlace,
  withShopper,
  withTradeBuyer,
  type DeliveryField,
  type FieldProblems,
} from "./delivery-form";
import { orderAmount } from "./order-amount";
import { cashOnDeliveryByRule } from "./cod-rule";
import { PAYMENT_GROUP_ID, PaymentMethods } from "./payment-methods";
import { ShippingChoice } from "./shipping-choice";
import { loadProviderScript } from "./provider-sdk";
import { providerScript, useCheckout } from "./use-checkout";
import { useSignedInUser, useTradeBuyer } from "./use-signed-in-user";
import { useCityQuestion } from "./use-city-question";
import { usePinDetails } from "./use-pin-details";
import { rememberedPin } from "../../lib/delivery-pin";
import { useTimedMessage } from "./use-timed-message";
import { WalletStep } from "./wallet-step";
import { creditSplit, GiftCardAtCheckout, StoreCreditChoice, useCreditBalance } from "./store-credit-choice";
import { Button } from "../ui/button";

const FORM_MESSAGE_ID = "checkout-form-message";
const COD_NEXT_ID = "checkout-cod-next";

/** Moves focus to the first field in trouble, or to the payment choice, so keyboard users land on it. */
function focusProblem(problems: FieldProblems, method: boolean) {
  const field = DELIVERY_FIELDS.find((name) => problems[name]);
  const target = field
    ? document.getElementById(fieldId(field))
    : method
      ? document.querySelector<HTMLInputElement>(`#${PAYMENT_GROUP_ID} input:not(:disabled)`)
      : null;
  target?.focus();
}

/**
 * The checkout revealed by 'CLICK TO CONTINUE': the spec's delivery form and payment choice (sections 4
 * and 5), paying the amount the cart page shows (the server's figures) through use-checkout.
 */
export function CheckoutPanel() {
  const draft = useCheckoutDraft();
  const { cart } = useCart();
  const quoteId = cart?.data.find((l) => l.quote_id !== undefined)?.quote_id;
  const quoteOfCart = useApiGet<QuoteView>(`/api/quotes/${quoteId ?? 0}`, undefined, quoteId !== undefined);
  const quoteShipping =
    quoteId !== undefined && quoteOfCart.status === "success" ? (quoteOfCart.data.shipping_paise ?? 0) / 100 : null;
  const { currency } = draft.totals;
  const options = useApiGet<PaymentOptionsResponse>("/api/payment-options/");
  const shippingFees = useApiGet<ShippingFees>("/api/shipping-fees/");
  const fees = shippingFees.status === "success" ? shippingFees.data : null;
  const loaded = options.status === "success" ? options.data : null;
  const checkout = useCheckout(loaded);
  const formMessage = useTimedMessage();
  const [values, setValues] = useState(() => emptyDelivery(currency));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const [shippingChoice, setShippingChoice] = useState<ShippingMethodCode>(DEFAULT_SHIPPING_METHOD);
  const [verified, setVerified] = useState(false);
  useSignedInUser((user) => {
    setValues((current) => withShopper(current, user, currency));
    setVerified(user.email_verified);
  });
  useTradeBuyer((buyer) => setValues((current) => withTradeBuyer(current, buyer)));
  const signedIn = useSession().token !== null;
  const [whatsappOptIn, setWhatsappOptIn] = useState(false);
  // Store credit (decision 088): asked only for a signed-in shopper; a guest makes no call.
  const creditBalance = useCreditBalance(currency, signedIn);
  const [useCredit, setUseCredit] = useState(false);

  useEffect(() => note({ type: "checkout_started" }), []);
  // The PIN code remembered from the product page (or an earlier checkout) starts the form.
  useEffect(() => {
    const pin = rememberedPin();
    if (pin) setValues((current) => (current.pin_code ? current : { ...current, pin_code: pin }));
  }, []);

  // The country starts as the one the shopper's connection comes from (the CDN's header or the IP
  // database, as for the currency), until the shopper picks one; where none can be told, India.
  const geo = useApiGet<GeoResponse>("/api/geo/");
  const countryPicked = useRef(false);
  useEffect(() => {
    const detected = geo.status === "success" ? geo.data.country_code : null;
    if (detected && !countryPicked.current && isDeliveryCountry(detected)) {
      setValues((current) => (current.delivery_country === detected ? current : withCountry(current, detected)));
    }
  }, [geo]);

  // Six digits typed: the city and state come from India Post's directory, an unknown PIN code is said
  // at once, and the promise says when the parcel comes and whether its courier takes cash.
  const abroad = !deliversInIndia(values);
  const pin = usePinDetails(abroad ? "" : values.pin_code.trim(), currency);
  const filledCity = useRef<string | null>(null);
  useEffect(() => {
    if (pin.status === "found") {
      setValues((current) => withPlace(current, pin.place, filledCity.current));
      filledCity.current = pin.place.city;
      setProblems((current) => ({ ...current, pin_code: undefined, city: undefined, state: undefined }));
    } else if (pin.status === "unknown") setProblems((current) => ({ ...current, pin_code: pin.message }));
  }, [pin]);
  const promise = pin.status === "found" ? pin.promise : null;
  // A typed city the PIN code does not name is asked about (its town, or the shopper's own word kept).
  const city = useCityQuestion(pin.status === "found" ? pin.place : null, values.city);
  const { question } = city;
  const shownProblems = question ? { ...problems, city: problems.city ?? question.text } : problems;

  // The cart's Cash on Delivery box is the COD choice (it also adds the fee the cart shows); it is offered
  // only for delivery in India where the courier collects cash, so otherwise the parcel is paid online
  // whatever the box says.
  const courier = cashOnDeliveryOffer(draft.cod, abroad, promise);
  // The shipping methods of the delivery country; the choice falls back to the first when the country changes.
  // Their fees are the seller's, from the server: until they come (or should they fail), standard shipping alone.
  // Methods priced by the seller's rate cards abroad (fee null) are priced by the server for this cart and
  // country (decision 080); a method it cannot price there is not offered.
  const country = values.delivery_country;
  const rated = shippingMethodsFor(country).some((m) => m.fee === null);
  const quote = useApiGet<ShippingQuote>(
    "/api/shipping-quote/",
    { cart_id: cart?.cart_id ?? "", country, currency, pieces: draft.totals.count },
    rated && Boolean(cart?.cart_id) && /^[A-Z]{2}$/.test(country),
  );
  const quoted = rated && quote.status === "success" ? quote.data.methods : [];
  // A country none of the seller's rate cards reaches (the server's sentence), or a quote that failed: said before
  // any payment is asked for, as the order cannot be priced.
  const notShipped =
    rated && quote.status === "error"
      ? MESSAGES.shippingQuoteFailed
      : rated && quote.status === "success" && quoted.length === 0
        ? quote.data.message
        : null;
  const shippingMethods = fees
    ? shippingMethodsFor(country).filter((m) => m.fee !== null || quoted.some((q) => q.code === m.code))
    : [];
  if (shippingMethods.length === 0) shippingMethods.push(SHIPPING_METHODS[DEFAULT_SHIPPING_METHOD]);
  const shippingMethod = (shippingMethods.find((m) => m.code === shippingChoice) ?? shippingMethods[0]!).code;
  // The seller's rules for cash on delivery (decision 093), asked once the PIN code is typed, before the shopper
  // chooses: refused here, or with an advance paid online. Create-order checks again whatever this says.
  const codRule = useApiGet<CodOffer>(
    "/api/cod-offer/",
    {
      cart_id: cart?.cart_id ?? "",
      pin_code: values.pin_code.trim(),
      shipping_method: shippingMethod,
      promo_code: draft.promoCode ?? "",
      email: values.email.trim(),
      mobile_number: values.mobile_number.trim(),
    },
    courier.cod && Boolean(cart?.cart_id) && /^[1-9]\d{5}$/.test(values.pin_code.trim()),
  );
  const { cod, codSentence, codAdvance } = cashOnDeliveryByRule(courier, codRule);
  const chosenMethod: PaymentMethod | null = cod ? "cod" : chosen;
  const feeOf = (code: ShippingMethodCode) => {
    // A cart holding an accepted quote ships at the quote's agreed shipping, whatever the method (decision 101).
    if (quoteShipping !== null) return quoteShipping;
    const rule = SHIPPING_METHODS[code].fee;
    if (!rule) return quoted.find((q) => q.code === code)?.fee ?? 0;
    return fees ? rule({ currency, country, pieces: draft.totals.count }, fees) : 0;
  };
  // Duties and taxes abroad (decision 081): the server's notice for the country and shipping method, and the
  // estimate as a line of the total where the seller collects it (delivered duty paid).
  const dutiesState = useApiGet<{ duties: DutiesNotice | null }>(
    "/api/duties-estimate/",
    {
      cart_id: cart?.cart_id ?? "",
      currency,
      country,
      shipping_method: shippingMethod,
    },
    abroad && Boolean(cart?.cart_id),
  );
  const duties = abroad && dutiesState.status === "success" ? dutiesState.data.duties : null;
  const collected = duties?.charged && duties.estimate ? duties.estimate.total : 0;
  const figures = {
    currency,
    subtotal: draft.totals.subtotal,
    discount: draft.discount,
    shippingFee: feeOf(shippingMethod),
    duties: collected,
  };
  // Credit that covers the order as a card would pay it pays it all: no method, one "Place order" (decision 088).
  const crediting = useCredit && creditBalance.balance > 0;
  const coversAll = crediting && creditBalance.balance >= orderAmount(STORE_CREDIT_METHOD, figures).charged;
  const method: PaymentMethod | null = coversAll ? STORE_CREDIT_METHOD : chosenMethod;
  const due = method ? orderAmount(method, figures) : null;
  const orderTotalNow = due?.charged ?? orderTotal({ ...figures, method: null }).total;
  const split = creditSplit(crediting ? creditBalance.balance : 0, orderTotalNow);
  // A wallet order is only good for the cart, promo, shipping and payment method it was made for.
  const key = JSON.stringify([
    method,
    shippingMethod,
    currency,
    draft.totals.subtotal,
    draft.totals.count,
    draft.discount,
    draft.promoCode,
    cart?.cart_id,
    collected,
    split.credit,
  ]);
  const wallet = checkout.wallet?.key === key ? checkout.wallet : null;
  const codWaiting = checkout.cod?.key === key ? checkout.cod : null;
  const locked = checkout.busy || wallet !== null || codWaiting !== null;
  const emailRequired = emailRequiredFor(method, signedIn);

  // Revealed by 'CLICK TO CONTINUE': keyboard and screen-reader users continue from its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // Fetch the chosen provider's script while the shopper types, so paying starts at once.
  const script = method ? providerScript(loaded, method, currency) : null;
  useEffect(() => {
    if (script) loadProviderScript(script).catch(() => undefined);
  }, [script]);

  function edit(field: DeliveryField, value: string) {
    if (field === "delivery_country") countryPicked.current = true;
    setValues((current) =>
      field === "delivery_country" ? withCountry(current, value) : { ...current, [field]: value },
    );
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  }

  function choose(next: PaymentMethod) {
    setChosen(next);
    if (formMessage.text === MESSAGES.selectPaymentMethod) formMessage.clear();
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked) return;
    checkout.clearAlert();
    if (notShipped) {
      formMessage.show(notShipped);
      return;
    }
    if (question) {
      setProblems({ ...problems, city: question.text });
      focusProblem({ city: question.text }, false);
      return;
    }
    const check = checkDelivery(values, method, {
      amount: due?.amount ?? 0,
      currency,
      promoCode: draft.promoCode,
      cartId: cart?.cart_id ?? null,
      emailRequired,
      whatsappOptIn,
      cityConfirmed: city.confirmed,
      // Asked for only where there is a choice: otherwise the spec's payload, standard shipping by default.
      shippingMethod: shippingMethods.length > 1 ? shippingMethod : undefined,
      timeZone: browserTimeZone(),
      storeCredit: split.credit,
    });
    if (!check.ok) {
      setProblems(check.fields);
      if (check.message) formMessage.show(check.message);
      focusProblem(check.fields, check.focusMethod);
      return;
    }
    setProblems({});
    formMessage.clear();
    const shopper = {
      name: values.name.trim(),
      email: values.email.trim(),
      contact: `${values.country_code}${values.mobile_number}`.replace(/\s/g, ""),
    };
    const serverProblems = await checkout.pay(check.body, check.method, shopper, key);
    // Refused (another tab spent the credit, say): the balance is read again, so the page shows the new figure.
    if (crediting) creditBalance.reload();
    if (Object.keys(serverProblems).length > 0) {
      setProblems(serverProblems);
      focusProblem(serverProblems, false);
    }
  }

  const methodMissing = formMessage.text === MESSAGES.selectPaymentMethod;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="checkout-heading"
      aria-busy={checkout.busy}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-linen sm:p-8"
    >
      <h2
        id="checkout-heading"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold text-indigo-ink outline-none"
      >
        Delivery and payment
      </h2>
      <div className="mt-6 grid grid-cols-1 items-start gap-10 lg:grid-cols-[minmax(0,1fr)_340px]">
        <fieldset disabled={locked} className="min-w-0">
          <legend className="text-lg font-semibold text-indigo-ink">Delivery details</legend>
          <p className="mb-4 mt-1 text-sm text-charcoal/80">
            Fields marked{" "}
            <span aria-hidden="true" className="text-madder">
              *
            </span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <DeliveryFields
            values={values}
            problems={shownProblems}
            currency={currency}
            emailRequired={emailRequired}
            onChange={edit}
            cityQuestion={question}
            onKeepCity={() => {
              city.keep();
              setProblems((current) => ({ ...current, city: undefined }));
            }}
          />
          <label className="mt-5 flex items-start gap-3 text-charcoal">
            <input
              type="checkbox"
              name="whatsapp_opt_in"
              checked={whatsappOptIn}
              onChange={(event) => setWhatsappOptIn(event.target.checked)}
              className="mt-1 h-5 w-5 accent-indigo-ink"
            />
            <span>
              Send me order updates on WhatsApp
              <span className="block text-sm text-charcoal/80">
                At the mobile number above: confirmation, shipping and delivery. You can stop them at any time.
              </span>
            </span>
          </label>
        </fieldset>
        <div className="min-w-0">
          {notShipped && (
            <p role="alert" data-testid="not-shipped" className="mb-6 rounded-xl bg-madder/10 px-4 py-3 text-madder">
              {notShipped}
            </p>
          )}
          <MadeToOrderLead days={Math.max(0, ...(cart?.data ?? []).map((l) => l.made_to_order_days ?? 0))} />
          <ShippingChoice
            methods={shippingMethods}
            chosen={shippingMethod}
            onChoose={setShippingChoice}
            feeOf={(m) => feeOf(m.code)}
            currency={currency}
            disabled={locked}
          />
          <StoreCreditChoice
            balance={creditBalance.balance}
            currency={currency}
            checked={useCredit}
            onChange={setUseCredit}
            disabled={locked}
          />
          <GiftCardAtCheckout signedIn={signedIn} onRedeemed={creditBalance.reload} />
          {coversAll ? (
            <p data-testid="credit-pays-all" className="mt-4 text-charcoal">
              Your store credit pays the whole order: nothing else to pay.
            </p>
          ) : (
            <PaymentMethods
              currency={currency}
              cod={cod}
              codAbroad={draft.cod && abroad}
              codRefused={codSentence}
              codAdvance={codAdvance}
              codTotal={orderAmount("cod", figures).charged}
              codShipping={orderTotal({ ...figures, method: "cod" }).shipping}
              chosen={method}
              onChoose={choose}
              options={options}
              disabled={locked}
              describedBy={methodMissing ? FORM_MESSAGE_ID : undefined}
            />
          )}
          {duties && (
            <p data-testid="duties-notice" className="mt-4 rounded-xl bg-linen/60 px-4 py-3 text-sm text-charcoal">
              {duties.notice}
            </p>
          )}
          {collected > 0 && (
            <p className="mt-4 flex items-baseline justify-between text-charcoal">
              <span>Import duties and taxes</span>
              <span className="tabular-nums">{formatMoney(collected, currency)}</span>
            </p>
          )}
          {/* Read out when it comes, without being the panel's status (the payment steps own that). */}
          <p aria-live="polite" className="mt-4 text-sm font-medium text-charcoal empty:hidden">
            {promise?.text}
          </p>
          {split.credit > 0 && (
            <dl data-testid="credit-totals" className="mt-6 space-y-1 border-t border-linen pt-4 text-charcoal">
              <div className="flex items-baseline justify-between">
                <dt>Order total</dt>
                <dd className="tabular-nums">{formatMoney(orderTotalNow, currency)}</dd>
              </div>
              <div className="flex items-baseline justify-between">
                <dt>Store credit</dt>
                <dd className="tabular-nums">-{formatMoney(split.credit, currency)}</dd>
              </div>
            </dl>
          )}
          <p
            data-keep-clear
            className="mt-6 flex items-baseline justify-between border-t border-linen pt-4 text-lg font-semibold"
          >
            <span>{split.credit > 0 ? "Left to pay" : "Total to pay"}</span>
            <span data-testid="left-to-pay" className="tabular-nums">
              {formatMoney(split.rest, currency)}
            </span>
          </p>
          {due && due.rounding > 0 && (
            <p className="mt-1 text-sm text-charcoal/80">PayPal payments in rupees are rounded up to end in 9.</p>
          )}
          <div className="mt-4 space-y-2 text-sm font-medium empty:hidden">
            {formMessage.text && (
              <p role="alert" id={FORM_MESSAGE_ID} className="rounded-xl bg-madder/10 px-4 py-3 text-madder">
                {formMessage.text}
              </p>
            )}
            {checkout.alert && !codWaiting && (
              <p role="alert" className="rounded-xl bg-madder/10 px-4 py-3 text-madder">
                {checkout.alert}
              </p>
            )}
          </div>
          {wallet && (
            <WalletStep
              wallet={wallet}
              busy={checkout.busy}
              events={checkout.walletEvents}
              onEdit={checkout.dropWallet}
            />
          )}
          {codWaiting && (
            <CodCodeStep
              key={`${codWaiting.order.order_id}-${codWaiting.sends}`}
              waiting={codWaiting}
              busy={checkout.busy}
              alert={checkout.alert}
              events={checkout.codEvents}
              onEdit={checkout.dropCod}
            />
          )}
          {!wallet && !codWaiting && method === "cod" && (
            <p id={COD_NEXT_ID} className="mt-5 text-sm text-charcoal/80">
              {codNextStepText(!signedIn ? "guest" : verified ? "verified" : "account")}
            </p>
          )}
          {!wallet && !codWaiting && (
            <Button
              type="submit"
              size="xl"
              className="mt-5 w-full"
              disabled={checkout.busy}
              aria-describedby={method === "cod" ? COD_NEXT_ID : undefined}
            >
              {checkout.busy ? "Processing..." : submitLabel(method, split.rest, currency)}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}

function submitLabel(method: PaymentMethod | null, charged: number, currency: Currency): string {
  if (method === "razorpay") return `Pay ${formatMoney(charged, currency)}`;
  if (method === "paypal") return "Continue to PayPal";
  return "Place order";
}

/** Made to order (decision 099): the delivery promise starts once the longest-making piece is made. */
function MadeToOrderLead({ days }: { days: number }) {
  if (days === 0) return null;
  return (
    <p data-testid="made-to-order-lead" className="mb-6 rounded-xl bg-turmeric/15 px-4 py-3 text-charcoal">
      Your order includes a piece made to order: it ships in about {days} days, and the delivery days below count from
      then.
    </p>
  );
}
