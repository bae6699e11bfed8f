import { createHash } from "node:crypto";
import { z } from "zod";
import { basicAuth, callProvider, jsonHeaders } from "./http";
import {
  header,
  parseWebhookJson,
  WebhookRejected,
  type CaptureResult,
  type CapturedPayment,
  type PaymentProvider,
  type ProviderRefundState,
} from "./provider";
import type { OnlineProviderPlugin } from "./registry";
import { hmacHex, razorpayPaymentSignature, sameSignature } from "./signatures";
import { razorpaySimulator } from "./simulator/razorpay-sim";
import { widgetSource } from "./simulator/widget-source";

export interface RazorpayCredentials {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  /** Read on every call: the simulator's address is known only once the server listens. */
  baseUrl: () => string;
  simulated: boolean;
}

const orderSchema = z.object({ id: z.string(), amount: z.number(), currency: z.string() });
const paymentSchema = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
});
const refundSchema = z.object({ id: z.string(), status: z.string() });
const webhookSchema = z
  .object({
    event: z.string(),
    payload: z.object({ payment: z.object({ entity: paymentSchema }).optional() }).loose(),
  })
  .loose();

type RazorpayPayment = z.infer<typeof paymentSchema>;

/** A Razorpay refund is pending, processed or failed (https://razorpay.com/docs/api/refunds/). */
const refundState = (status: string): ProviderRefundState =>
  status === "processed" ? "refunded" : status === "failed" ? "failed" : "pending";

function captured(payment: RazorpayPayment, raw: unknown): CapturedPayment | null {
  if (payment.status !== "captured" || !payment.order_id) return null;
  return {
    providerOrderId: payment.order_id,
    paymentId: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    raw,
  };
}

/** Razorpay's REST API (https://razorpay.com/docs/api/): orders, payments, refunds and signed webhooks. */
export function createRazorpay(creds: RazorpayCredentials): PaymentProvider {
  const auth = basicAuth(creds.keyId, creds.keySecret);
  const url = (path: string) => `${creds.baseUrl()}${path}`;

  return {
    name: "razorpay",
    simulated: creds.simulated,
    publicKey: creds.keyId,

    async createOrder({ orderId, amount, currency, reference }) {
      const body = JSON.stringify({
        amount,
        currency,
        receipt: reference ?? `order_${orderId}`,
        notes: reference ? { reference } : { order_id: String(orderId) },
      });
      const order = await callProvider(
        url("/v1/orders"),
        { method: "POST", headers: jsonHeaders(auth), body },
        orderSchema.loose(),
      );
      return { id: order.id, raw: order };
    },

    verify(proof) {
      if (!proof.paymentId) return false;
      return sameSignature(
        razorpayPaymentSignature(proof.providerOrderId, proof.paymentId, creds.keySecret),
        proof.signature,
      );
    },

    async capture(proof): Promise<CaptureResult> {
      if (!proof.paymentId) return { ok: false, reason: "no payment id" };
      const path = `/v1/payments/${encodeURIComponent(proof.paymentId)}`;
      let payment = await callProvider(url(path), { method: "GET", headers: jsonHeaders(auth) }, paymentSchema.loose());
      if (payment.order_id !== proof.providerOrderId)
        return { ok: false, reason: "the payment belongs to another order" };
      // Accounts without automatic capture leave a payment "authorized" until the merchant captures it.
      if (payment.status === "authorized") {
        const body = JSON.stringify({ amount: payment.amount, currency: payment.currency });
        payment = await callProvider(
          url(`${path}/capture`),
          { method: "POST", headers: jsonHeaders(auth), body },
          paymentSchema.loose(),
        );
      }
      const done = captured(payment, payment);
      return done ? { ok: true, payment: done } : { ok: false, reason: `payment is ${payment.status}` };
    },

    async refund({ paymentId, amount, requestId, note }) {
      const body = JSON.stringify({ amount, receipt: requestId.slice(0, 40), notes: { reason: note.slice(0, 256) } });
      const refund = await callProvider(
        url(`/v1/payments/${encodeURIComponent(paymentId)}/refund`),
        { method: "POST", headers: jsonHeaders(auth), body },
        refundSchema.loose(),
      );
      return { refundId: refund.id, state: refundState(refund.status), raw: refund };
    },

    async refundState({ paymentId, refundId }) {
      const refund = await callProvider(
        url(`/v1/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`),
        { method: "GET", headers: jsonHeaders(auth) },
        refundSchema.loose(),
      );
      return refundState(refund.status);
    },

    async parseWebhook(headers, rawBody) {
      if (!creds.webhookSecret) throw new WebhookRejected("RAZORPAY_WEBHOOK_SECRET is not set");
      if (!sameSignature(hmacHex(rawBody, creds.webhookSecret), header(headers, "x-razorpay-signature"))) {
        throw new WebhookRejected("bad X-Razorpay-Signature");
      }
      const parsed = webhookSchema.safeParse(parseWebhookJson(rawBody));
      if (!parsed.success) throw new WebhookRejected("not a Razorpay event");
      const event = parsed.data;
      const payment = event.payload.payment?.entity;
      // payment.captured and order.paid both report the same capture; settling twice changes nothing.
      const reportsCapture = event.event === "payment.captured" || event.event === "order.paid";
      return {
        // Razorpay repeats the same X-Razorpay-Event-Id on retries; the body hash stands in if it is missing.
        eventId: header(headers, "x-razorpay-event-id") ?? createHash("sha256").update(rawBody).digest("hex"),
        type: event.event,
        capture: reportsCapture && payment ? captured(payment, event) : null,
        payload: event,
      };
    },
  };
}

/** Razorpay as the registry knows it: the spec's card provider (`razorpay: true`). */
export const razorpayPlugin: OnlineProviderPlugin = {
  kind: "online",
  name: "razorpay",
  title: "Razorpay",
  offer: { label: "Cards, UPI, net banking", detail: "Pay securely with Razorpay.", currencies: ["INR", "USD"] },
  widgetOrigins: ["https://checkout.razorpay.com", "https://api.razorpay.com"],
  apiHost: (config) => config.razorpay.baseUrl,
  real({ razorpay: keys }) {
    if (!keys.keyId || !keys.keySecret) return null;
    return createRazorpay({
      keyId: keys.keyId,
      keySecret: keys.keySecret,
      webhookSecret: keys.webhookSecret,
      baseUrl: () => keys.baseUrl,
      simulated: false,
    });
  },
  simulated: (credentials, baseUrl) => createRazorpay({ ...credentials.razorpay, baseUrl, simulated: true }),
  widgetScript: () => "https://checkout.razorpay.com/v1/checkout.js",
  simulator: {
    routes: razorpaySimulator,
    widget: { path: "checkout.js", source: widgetSource("razorpay-checkout.js") },
  },
};
