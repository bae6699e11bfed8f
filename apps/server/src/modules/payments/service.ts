import { MESSAGES, type OrderStatus, type PaymentOptionsResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import { notConfigured, verificationFailed, verifiedProvider } from "./refusals";
import type { PaymentGateway } from "./gateway";
import type { ServiceLog } from "../../log";
import {
  ProviderError,
  WebhookRejected,
  type CapturedPayment,
  type PaymentProof,
  type PaymentProvider,
  type ProviderName,
} from "./provider";
import { createRefundQueue, type RefundMadeHook } from "./refunds";
import { paymentWithOrder, settledAsPaid, settlePayment, type PaymentWithOrder, type SettleOutcome } from "./settle";
import { SIMULATOR_PREFIX } from "./simulator/credentials";
import { webhookEvents } from "./tables";
import { confirmationPagePath } from "../orders/reader";

/** A verified payment's order and where it stands; its view token opens its confirmation page. */
export type Verified = { orderId: number; status: OrderStatus; viewToken: string };

export type PaymentOffer = PaymentOptionsResponse["providers"][number];

export function createPaymentsService(
  db: Db,
  deps: {
    gateway: PaymentGateway;
    log: ServiceLog;
    refundTries?: number;
    /** What a made refund means above this module (a return becomes refunded). */
    onRefundMade?: RefundMadeHook;
    /**
     * A webhook's capture for a provider order no order has: a gift card's (a layer above, handed in by
     * services.ts). Answers whether it was one, settled there; the event is then recorded here.
     */
    onOtherCapture?: (provider: ProviderName, capture: CapturedPayment) => Promise<boolean>;
  },
) {
  const { gateway, log } = deps;
  const refunds = createRefundQueue(db, { gateway, log, tries: deps.refundTries, onMade: deps.onRefundMade });

  /** Settling committed; a refused payment's refund is tried, then the refusal thrown. */
  async function settled(outcome: SettleOutcome): Promise<Verified> {
    if (outcome.kind === "paid")
      return { orderId: outcome.orderId, status: outcome.status, viewToken: outcome.viewToken };
    if (outcome.kind !== "refused") throw verificationFailed();
    if (outcome.refundId !== null) await refunds.refundNow(outcome.refundId);
    throw outcome.refusal;
  }

  /**
   * Settled before (an earlier verify, or the provider's webhook): our records answer, without asking the
   * provider again. `known` is the payment row and its order's status when the caller has just read them.
   */
  async function settledBefore(
    provider: ProviderName,
    proof: PaymentProof,
    known?: PaymentWithOrder,
  ): Promise<Verified | null> {
    known ??= await paymentWithOrder(db, provider, proof.providerOrderId);
    const payment = known?.payment;
    if (!known || !payment || payment.status === "created" || !payment.providerPaymentId) return null;
    if (proof.paymentId && proof.paymentId !== payment.providerPaymentId) return null;
    const capture = {
      providerOrderId: payment.providerOrderId,
      paymentId: payment.providerPaymentId,
      amount: payment.amount,
      currency: payment.currency,
      raw: payment.raw,
    };
    const paid = settledAsPaid(known, capture);
    if (paid) return { orderId: paid.orderId, status: paid.status, viewToken: paid.viewToken };
    return settled(await settlePayment(db, provider, capture, { known }));
  }

  /** Takes the money (or confirms it was taken) and settles; a provider failure is the capture message. */
  async function captureAndSettle(provider: PaymentProvider, proof: PaymentProof): Promise<Verified> {
    const known = await paymentWithOrder(db, provider.name, proof.providerOrderId);
    if (!known) throw verificationFailed();
    const before = await settledBefore(provider.name, proof, known);
    if (before) return before;
    let failure: "unprocessable" | "unavailable";
    try {
      const captured = await provider.capture(proof);
      if (captured.ok) return settled(await settlePayment(db, provider.name, captured.payment, { known }));
      log.warn({ provider: provider.name, proof, reason: captured.reason }, "payment not captured");
      failure = "unprocessable";
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.error({ err, body: err.body, provider: provider.name }, "capture call failed");
      failure = err.status !== null && err.status < 500 ? "unprocessable" : "unavailable";
    }
    // The webhook may have settled it meanwhile (and refunded a piece that sold out): say so, not "capture failed".
    const meanwhile = await settledBefore(provider.name, proof);
    if (meanwhile) return meanwhile;
    throw refusal(failure, "CAPTURE_FAILED", MESSAGES.captureFailed);
  }

  return {
    gateway,
    /** Also the back office's: a cancelled paid order's money goes back through the same queue. */
    refunds,

    /**
     * `POST /api/verify-payment/`, the payload already read into the provider's name and its proof (the
     * route translates the spec's `razorpay` flag): the provider's own check, its capture, the paid transition.
     */
    async verify(name: ProviderName, proof: PaymentProof): Promise<Verified & { orderPage: string }> {
      const provider = verifiedProvider(gateway, name, proof);
      const verified = await captureAndSettle(provider, proof);
      // Whoever holds the payment's proof paid for the order: they may open its page (decision 076). Its
      // view token came with the payment's read or the settling lock: no read of the order after the commit.
      return { ...verified, orderPage: confirmationPagePath({ id: verified.orderId, viewToken: verified.viewToken }) };
    },

    /** A provider's webhook: signature checked, recorded once, and a reported capture settled. */
    async webhook(
      name: ProviderName,
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<{ duplicate: boolean }> {
      const provider = gateway.provider(name);
      if (!provider) throw notConfigured();
      let event;
      try {
        event = await provider.parseWebhook(headers, rawBody);
      } catch (err) {
        if (err instanceof WebhookRejected) {
          log.warn({ provider: name, reason: err.message }, "webhook refused");
          throw refusal("bad_request", "INVALID_SIGNATURE", "The webhook signature is not valid.");
        }
        if (err instanceof ProviderError)
          throw refusal("unavailable", "PROVIDER_ERROR", "The provider could not be reached to verify the webhook.");
        throw err;
      }
      const record = async () => {
        const recorded = await db
          .insert(webhookEvents)
          .values({ provider: name, eventId: event.eventId, payload: event.payload })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        return { duplicate: recorded.length === 0 };
      };
      if (!event.capture) return record();
      // The provider's second event for a payment already settled (Razorpay sends payment.captured and
      // order.paid), or the webhook after the shopper's verify: recorded, nothing else to do.
      const known = await paymentWithOrder(db, name, event.capture.providerOrderId);
      if (known && settledAsPaid(known, event.capture)) return record();
      if (!known && (await deps.onOtherCapture?.(name, event.capture))) return record();
      const outcome = await settlePayment(db, name, event.capture, { event, known });
      if (outcome.kind === "refused" && outcome.refundId !== null) await refunds.refundNow(outcome.refundId);
      if (outcome.kind === "unknown_order")
        log.warn({ provider: name, eventId: event.eventId }, "webhook for an order we do not know");
      return { duplicate: outcome.kind === "duplicate_event" };
    },

    /**
     * `GET /api/payment-options/`: each registered provider's offer and how to load its widget. `offline`:
     * whether each offline provider is offered to this reader (decision 098); not listed when not.
     */
    options(offline: (name: string) => boolean = () => false): PaymentOffer[] {
      return gateway.plugins.flatMap((plugin) => {
        if (plugin.kind === "offline")
          return offline(plugin.name)
            ? [
                {
                  name: plugin.name,
                  label: plugin.offer.label,
                  detail: plugin.offer.detail,
                  currencies: [...plugin.offer.currencies],
                  available: true,
                  public_key: null,
                  script_url: null,
                  test_mode: false,
                },
              ]
            : [];
        const provider = gateway.provider(plugin.name);
        return {
          name: plugin.name,
          label: plugin.offer.label,
          detail: plugin.offer.detail,
          currencies: [...plugin.offer.currencies],
          available: provider !== null,
          public_key: provider?.publicKey ?? null,
          script_url: provider
            ? provider.simulated
              ? `${SIMULATOR_PREFIX}/${plugin.name}/${plugin.simulator.widget.path}`
              : plugin.widgetScript(provider)
            : null,
          test_mode: provider?.simulated ?? false,
        };
      });
    },
  };
}
