import { decimalText } from "@store/shared";
import { z } from "zod";
import { basicAuth, callProvider, jsonHeaders } from "./http";
import {
  header,
  parseWebhookJson,
  ProviderError,
  WebhookRejected,
  type CaptureResult,
  type PaymentProvider,
  type ProviderRefundState,
} from "./provider";
import type { OnlineProviderPlugin } from "./registry";
import { paypalSimulator } from "./simulator/paypal-sim";
import { widgetSource } from "./simulator/widget-source";

export interface PayPalCredentials {
  clientId: string;
  clientSecret: string;
  webhookId?: string;
  /** Read on every call: the simulator's address is known only once the server listens. */
  baseUrl: () => string;
  simulated: boolean;
}

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const amountSchema = z.object({ currency_code: z.string(), value: z.string() });
const captureSchema = z.object({ id: z.string(), status: z.string(), amount: amountSchema });
const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z
        .object({
          payments: z
            .object({ captures: z.array(captureSchema.loose()).optional() })
            .loose()
            .optional(),
        })
        .loose(),
    )
    .optional(),
});
const refundSchema = z.object({ id: z.string(), status: z.string() });
/** A PayPal refund is COMPLETED, PENDING, FAILED or CANCELLED (Payments v2, refunds). */
const refundState = (status: string): ProviderRefundState =>
  status === "COMPLETED" ? "refunded" : status === "PENDING" ? "pending" : "failed";
const verificationSchema = z.object({ verification_status: z.string() });
const eventSchema = z
  .object({
    id: z.string(),
    event_type: z.string(),
    resource: captureSchema
      .extend({
        supplementary_data: z
          .object({ related_ids: z.object({ order_id: z.string().optional() }).loose() })
          .loose()
          .optional(),
      })
      .loose()
      .partial()
      .optional(),
  })
  .loose();

/** PayPal amounts are decimal strings ("1419.00"); ours are integers in minor units. */
export const toPayPalValue = decimalText;
const fromPayPalValue = (value: string) => Math.round(Number(value) * 100);

function alreadyCaptured(err: unknown): boolean {
  if (!(err instanceof ProviderError) || err.status !== 422) return false;
  const details = z.object({ details: z.array(z.object({ issue: z.string() })) }).safeParse(err.body);
  return details.success && details.data.details.some((d) => d.issue === "ORDER_ALREADY_CAPTURED");
}

/** PayPal's REST API (https://developer.paypal.com/api/rest/): OAuth2, Orders v2, captures, webhook verification. */
export function createPayPal(creds: PayPalCredentials): PaymentProvider {
  const url = (path: string) => `${creds.baseUrl()}${path}`;
  let cached: { token: string; until: number; base: string } | null = null;

  /** An access token, reused until a minute before it expires. */
  async function bearer(): Promise<string> {
    const base = creds.baseUrl();
    if (cached && cached.base === base && cached.until > Date.now()) return `Bearer ${cached.token}`;
    const token = await callProvider(
      url("/v1/oauth2/token"),
      {
        method: "POST",
        headers: {
          authorization: basicAuth(creds.clientId, creds.clientSecret),
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: "grant_type=client_credentials",
      },
      tokenSchema.loose(),
    );
    cached = { token: token.access_token, until: Date.now() + (token.expires_in - 60) * 1000, base };
    return `Bearer ${cached.token}`;
  }

  async function captureOf(orderId: string, order: z.infer<typeof orderSchema>): Promise<CaptureResult> {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture || capture.status !== "COMPLETED")
      return { ok: false, reason: `capture is ${capture?.status ?? "missing"}` };
    return {
      ok: true,
      payment: {
        providerOrderId: orderId,
        paymentId: capture.id,
        amount: fromPayPalValue(capture.amount.value),
        currency: capture.amount.currency_code,
        raw: order,
      },
    };
  }

  return {
    name: "paypal",
    simulated: creds.simulated,
    publicKey: creds.clientId,

    async createOrder({ orderId, amount, currency, requestId, reference }) {
      const body = JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: reference ?? String(orderId),
            custom_id: reference ?? String(orderId),
            amount: { currency_code: currency, value: toPayPalValue(amount) },
          },
        ],
      });
      // PayPal-Request-Id makes a retried create answer the same order instead of a second one.
      const headers = jsonHeaders(await bearer(), { "paypal-request-id": requestId });
      const order = await callProvider(
        url("/v2/checkout/orders"),
        { method: "POST", headers, body },
        orderSchema.loose(),
      );
      return { id: order.id, raw: order };
    },

    verify: (proof) => proof.providerOrderId.length > 0,

    async capture({ providerOrderId }) {
      const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
      try {
        const headers = jsonHeaders(await bearer(), { "paypal-request-id": `capture-${providerOrderId}` });
        return await captureOf(
          providerOrderId,
          await callProvider(url(`${path}/capture`), { method: "POST", headers, body: "{}" }, orderSchema.loose()),
        );
      } catch (err) {
        // Captured before (a replayed verify, or the webhook won): read the capture instead of failing.
        if (!alreadyCaptured(err)) throw err;
        return captureOf(
          providerOrderId,
          await callProvider(url(path), { method: "GET", headers: jsonHeaders(await bearer()) }, orderSchema.loose()),
        );
      }
    },

    async refund({ paymentId, amount, currency, requestId, note }) {
      const headers = jsonHeaders(await bearer(), { "paypal-request-id": requestId });
      const body = JSON.stringify({
        amount: { currency_code: currency, value: toPayPalValue(amount) },
        note_to_payer: note.slice(0, 255),
      });
      const refund = await callProvider(
        url(`/v2/payments/captures/${encodeURIComponent(paymentId)}/refund`),
        { method: "POST", headers, body },
        refundSchema.loose(),
      );
      return { refundId: refund.id, state: refundState(refund.status), raw: refund };
    },

    async refundState({ refundId }) {
      const refund = await callProvider(
        url(`/v2/payments/refunds/${encodeURIComponent(refundId)}`),
        { method: "GET", headers: jsonHeaders(await bearer()) },
        refundSchema.loose(),
      );
      return refundState(refund.status);
    },

    async parseWebhook(headers, rawBody) {
      if (!creds.webhookId) throw new WebhookRejected("PAYPAL_WEBHOOK_ID is not set");
      const parsed = eventSchema.safeParse(parseWebhookJson(rawBody));
      if (!parsed.success) throw new WebhookRejected("not a PayPal event");
      const transmission = ["auth-algo", "cert-url", "transmission-id", "transmission-sig", "transmission-time"].map(
        (name) => header(headers, `paypal-${name}`) ?? "",
      );
      const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = transmission;
      if (transmission.some((value) => !value)) throw new WebhookRejected("PayPal transmission headers missing");
      // The event goes back byte for byte (spliced in as raw text): PayPal checks the signature over it.
      const fields = JSON.stringify({
        auth_algo: authAlgo,
        cert_url: certUrl,
        transmission_id: transmissionId,
        transmission_sig: transmissionSig,
        transmission_time: transmissionTime,
        webhook_id: creds.webhookId,
      });
      const body = `${fields.slice(0, -1)},"webhook_event":${rawBody}}`;
      const verdict = await callProvider(
        url("/v1/notifications/verify-webhook-signature"),
        { method: "POST", headers: jsonHeaders(await bearer()), body },
        verificationSchema.loose(),
      );
      if (verdict.verification_status !== "SUCCESS") throw new WebhookRejected("PayPal did not verify the signature");

      const event = parsed.data;
      const resource = event.resource;
      const orderId = resource?.supplementary_data?.related_ids.order_id;
      const capture =
        event.event_type === "PAYMENT.CAPTURE.COMPLETED" && resource?.id && resource.amount && orderId
          ? {
              providerOrderId: orderId,
              paymentId: resource.id,
              amount: fromPayPalValue(resource.amount.value),
              currency: resource.amount.currency_code,
              raw: event,
            }
          : null;
      return { eventId: event.id, type: event.event_type, capture, payload: event };
    },
  };
}

/** PayPal as the registry knows it: the spec's wallet (`razorpay: false`). */
export const paypalPlugin: OnlineProviderPlugin = {
  kind: "online",
  name: "paypal",
  title: "PayPal",
  offer: {
    label: "PayPal",
    detail: "Pay with your PayPal account, or a card through PayPal.",
    currencies: ["INR", "USD"],
  },
  widgetOrigins: [
    "https://www.paypal.com",
    "https://www.sandbox.paypal.com",
    "https://*.paypal.com",
    "https://*.paypalobjects.com",
  ],
  apiHost: (config) => config.paypal.baseUrl,
  real({ paypal: keys }) {
    if (!keys.clientId || !keys.clientSecret) return null;
    return createPayPal({
      clientId: keys.clientId,
      clientSecret: keys.clientSecret,
      webhookId: keys.webhookId,
      baseUrl: () => keys.baseUrl,
      simulated: false,
    });
  },
  simulated: (credentials, baseUrl) => createPayPal({ ...credentials.paypal, baseUrl, simulated: true }),
  // The real SDK also takes &currency=USD|INR, appended by the page for the shopper's currency.
  widgetScript: (provider) => `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(provider.publicKey)}`,
  simulator: { routes: paypalSimulator, widget: { path: "sdk.js", source: widgetSource("paypal-sdk.js") } },
};
