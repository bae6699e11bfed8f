import {
  GIFT_CARD_LIMITS,
  giftCardPurchaseSchema,
  type GiftCardProduct,
  type GiftCardPurchaseResponse,
  type PaymentOptionsResponse,
} from "@store/shared";
import { useRef, useState, type FormEvent } from "react";
import { api } from "../../lib/api";
import { useApiGet } from "../../lib/use-api-get";
import { focusFirstProblem, noProblems, problemsFromApi, readFields, type Problems } from "../account/form-problems";
import { PayPalButtons } from "../checkout/paypal-buttons";
import { useSignedInUser } from "../checkout/use-signed-in-user";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { daysAfter, indiaToday } from "./amounts";
import { AmountChoice, PaymentChoice } from "./purchase-choices";
import { useGiftCardPayment } from "./use-gift-card-payment";

const FIELDS = [
  "amount",
  "recipient_name",
  "recipient_email",
  "message",
  "send_on",
  "buyer_name",
  "buyer_email",
  "payment_method",
] as const;
type Field = (typeof FIELDS)[number];

/** The form's values as the purchase payload: the chosen amount is the fixed one, or the one typed. */
function bodyOf(form: HTMLFormElement, productId: number) {
  const values = readFields(form, [...FIELDS, "other_amount"]);
  const amount = values.amount === "other" ? values.other_amount : values.amount;
  return { ...values, product_id: productId, amount: amount === "" ? Number.NaN : Number(amount) };
}

/**
 * Buying a card (issue 42): the amount, the recipient, a message, the day it is sent (today to a year ahead,
 * India's day), the buyer (filled in when signed in) and how to pay; then the provider's widget.
 */
export function PurchaseForm({ product }: { product: GiftCardProduct }) {
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Problems<Field>>(noProblems());
  const [messageLength, setMessageLength] = useState(0);
  const options = useApiGet<PaymentOptionsResponse>("/api/payment-options/");
  const pay = useGiftCardPayment();
  const today = indiaToday();
  useSignedInUser((user) => {
    const fill = (name: string, value: string) => {
      const input = form.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement && !input.value) input.value = value;
    };
    fill("buyer_name", `${user.first_name} ${user.last_name}`.trim());
    fill("buyer_email", user.email);
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const parsed = giftCardPurchaseSchema.safeParse(bodyOf(element, product.id));
    if (!parsed.success) {
      const found = noProblems<Field>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as Field;
        if (FIELDS.includes(name)) found.fields[name] ??= issue.message;
      }
      found.fields.amount &&= "Choose an amount";
      setProblems(found);
      focusFirstProblem(element, FIELDS, found);
      return;
    }
    setProblems(noProblems());
    pay.busy();
    try {
      const bought = await api.post<GiftCardPurchaseResponse>("/api/gift-cards/purchase", parsed.data);
      await pay.start(bought, { name: parsed.data.buyer_name, email: parsed.data.buyer_email });
    } catch (error) {
      pay.idle();
      const found = problemsFromApi(error, FIELDS, "The gift card could not be bought just now. Please try again.");
      setProblems(found);
      focusFirstProblem(element, FIELDS, found);
    }
  }

  if (pay.payment.step === "done")
    return (
      <p role="status" className="mt-8 rounded-2xl bg-sage/15 p-6 text-lg text-charcoal">
        {pay.payment.paid.message}
      </p>
    );
  const busy = pay.payment.step === "busy";
  const wallet = pay.payment.step === "wallet" ? pay.payment.purchase : null;
  const alert = pay.alert ?? problems.form;
  const edit = (name: string) => setProblems((p) => ({ ...p, fields: { ...p.fields, [name]: undefined } }));
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Buy a gift card" className="mt-8 space-y-6">
      <fieldset disabled={busy || wallet !== null} className="min-w-0 space-y-6">
        <AmountChoice product={product} error={problems.fields.amount} onEdit={edit} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="gc-recipient-name"
            name="recipient_name"
            label="Recipient's name"
            autoComplete="off"
            error={problems.fields.recipient_name}
            onEdit={edit}
          />
          <TextField
            id="gc-recipient-email"
            name="recipient_email"
            label="Recipient's e-mail"
            type="email"
            autoComplete="off"
            error={problems.fields.recipient_email}
            onEdit={edit}
          />
        </div>
        <div>
          <label htmlFor="gc-message" className="text-sm font-semibold text-charcoal">
            Message (optional)
          </label>
          <textarea
            id="gc-message"
            name="message"
            rows={3}
            maxLength={GIFT_CARD_LIMITS.message}
            aria-describedby="gc-message-count"
            onChange={(e) => setMessageLength(e.target.value.length)}
            className="mt-1.5 w-full rounded-xl border border-charcoal/25 bg-cream/40 px-4 py-3 text-base"
          />
          <p id="gc-message-count" className="mt-1 text-xs text-charcoal/75">
            {messageLength} of {GIFT_CARD_LIMITS.message} characters
          </p>
        </div>
        <div>
          <label htmlFor="gc-send-on" className="text-sm font-semibold text-charcoal">
            Send it on
          </label>
          <input
            id="gc-send-on"
            name="send_on"
            type="date"
            defaultValue={today}
            min={today}
            max={daysAfter(today, 365)}
            aria-describedby="gc-send-on-hint"
            aria-invalid={problems.fields.send_on ? true : undefined}
            className="mt-1.5 block w-full rounded-xl border border-charcoal/25 bg-cream/40 px-4 py-3 text-base sm:w-60"
          />
          <p
            id="gc-send-on-hint"
            className={`mt-1 text-sm ${problems.fields.send_on ? "font-medium text-madder" : "text-charcoal/75"}`}
          >
            {problems.fields.send_on ?? "Today (sent at once) or any day up to a year ahead, India time."}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="gc-buyer-name"
            name="buyer_name"
            label="Your name"
            autoComplete="name"
            error={problems.fields.buyer_name}
            onEdit={edit}
          />
          <TextField
            id="gc-buyer-email"
            name="buyer_email"
            label="Your e-mail (for the receipt)"
            type="email"
            autoComplete="email"
            error={problems.fields.buyer_email}
            onEdit={edit}
          />
        </div>
        <PaymentChoice options={options} currency={product.currency} error={problems.fields.payment_method} />
      </fieldset>
      {alert && (
        <p role="alert" className="rounded-xl bg-madder/10 px-4 py-3 text-madder">
          {alert}
        </p>
      )}
      {wallet ? (
        <div className="space-y-3">
          <p role="status">Your gift card is ready. Pay with PayPal below.</p>
          <PayPalButtons
            orderId={wallet.provider_order_id}
            onApprove={pay.approveWallet}
            onCancel={() => pay.setAlert("Payment was cancelled.")}
            onError={() => pay.setAlert("PayPal could not take the payment. Please try again.")}
          />
        </div>
      ) : (
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          {busy ? "Please wait..." : "Buy and pay"}
        </Button>
      )}
      <p className="text-sm text-charcoal/75">
        You get a receipt by e-mail. A gift card is not taxed when bought: GST is charged on what it buys.
      </p>
    </form>
  );
}
