import { formatMoney, MESSAGES, SELLER, type PayNowPaid, type PayNowPayResponse, type PayNowView } from "@store/shared";
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { useTokenLink } from "../checkout/use-token-link";
import { useHydrated } from "../../lib/use-hydrated";
import { FormMessage } from "../account/auth-card";
import { problemsFromApi } from "../account/form-problems";
import { loadProviderScript } from "../checkout/provider-sdk";
import { Button } from "../ui/button";

const failureText = (failure: unknown) =>
  problemsFromApi(failure, [], MESSAGES.unexpectedError).form ?? MESSAGES.unexpectedError;

/**
 * The "pay now" link's page (decision 094): the cash-on-delivery order, what paying now takes (less store credit
 * already spent and the seller's discount), and the card provider's widget (Razorpay, or its simulator), whose
 * proof goes to the link's verify call.
 */
export function PayNowForm({ id, token }: { id: string; token: string }) {
  const hydrated = useHydrated();
  const [alert, setAlert] = useState<string | null>(null);
  const [paid, setPaid] = useState<PayNowPaid | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const path = `/api/pay-now/${encodeURIComponent(id)}`;
  const [link, , loadError] = useTokenLink<PayNowView>(path, token);

  if (!token)
    return (
      <FormMessage tone="error">This link is incomplete. Please open the link from our message again.</FormMessage>
    );
  if (loadError) return <FormMessage tone="error">{loadError}</FormMessage>;
  if (!link) return <p className="text-charcoal/80">Checking your link...</p>;
  const money = (minor: number) => formatMoney(minor / 100, link.currency);

  async function verify(body: Record<string, string>) {
    try {
      setPaid(await api.post<PayNowPaid>("/api/pay-now/verify-payment", body, { auth: false }));
    } catch (failure) {
      setAlert(failureText(failure));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  async function pay() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setAlert(null);
    try {
      const order = await api.post<PayNowPayResponse>(
        `${path}/pay?token=${encodeURIComponent(token)}`,
        { payment_method: "razorpay" },
        { auth: false },
      );
      await loadProviderScript(new URL(order.script_url, window.location.origin).toString());
      const Razorpay = window.Razorpay;
      if (!Razorpay) throw new Error("Razorpay's checkout script is not loaded");
      const checkout = new Razorpay({
        key: order.key,
        amount: order.amount_minor,
        currency: order.currency,
        order_id: order.provider_order_id,
        name: SELLER.brand,
        description: `Order #${order.order_id}`,
        handler: (proof) =>
          void verify({
            payment_method: "razorpay",
            order_id: proof.razorpay_order_id,
            payment_id: proof.razorpay_payment_id,
            signature: proof.razorpay_signature,
          }),
        prefill: { name: link!.delivery_name },
        modal: {
          ondismiss: () => {
            inFlight.current = false;
            setBusy(false);
          },
        },
      });
      checkout.on("payment.failed", () => setAlert(MESSAGES.paymentFailed));
      checkout.open();
    } catch (failure) {
      setAlert(failureText(failure));
      inFlight.current = false;
      setBusy(false);
    }
  }

  const done = paid !== null || link.state === "paid";
  return (
    <div className="space-y-5">
      <div className="text-charcoal">
        <p className="font-semibold">{`Order #${link.order_id}: ${link.delivery_name}`}</p>
        <ul className="mt-2 space-y-1 text-sm text-charcoal/85">
          {link.lines.map((line) => (
            <li key={`${line.name}-${line.size}`}>{`${line.name} (${line.size}) × ${line.quantity}`}</li>
          ))}
        </ul>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>Order total</dt>
        <dd className="text-right">{money(link.total_minor)}</dd>
        {link.store_credit_minor > 0 && (
          <>
            <dt>Paid with store credit</dt>
            <dd className="text-right">{`−${money(link.store_credit_minor)}`}</dd>
          </>
        )}
        {link.discount_minor > 0 && (
          <>
            <dt>Discount for paying online</dt>
            <dd className="text-right">{`−${money(link.discount_minor)}`}</dd>
          </>
        )}
        <dt className="font-semibold">{done ? "Paid online" : "To pay now"}</dt>
        <dd className="text-right font-semibold" data-testid="pay-now-due">
          {money(link.due_minor)}
        </dd>
      </dl>
      {alert && <FormMessage tone="error">{alert}</FormMessage>}
      {done ? (
        <FormMessage tone="success">{paid?.message ?? link.message}</FormMessage>
      ) : (
        <>
          <p className="text-sm text-charcoal/85">{link.message}</p>
          <Button type="button" size="xl" className="w-full" disabled={!hydrated || busy} onClick={() => void pay()}>
            {busy ? "Opening the payment..." : `Pay ${money(link.due_minor)} now`}
          </Button>
        </>
      )}
    </div>
  );
}
