import type { Currency } from "@store/shared";

/** A registered provider's name (`providers.ts`). */
export type ProviderName = string;

/** A payment the provider says is captured (the money is taken). Amounts in minor units. */
export interface CapturedPayment {
  providerOrderId: string;
  paymentId: string;
  amount: number;
  currency: string;
  raw: unknown;
}

/** What the browser brings back: Razorpay's three values, or just PayPal's order id. */
export interface PaymentProof {
  providerOrderId: string;
  paymentId?: string;
  signature?: string;
}

export type CaptureResult = { ok: true; payment: CapturedPayment } | { ok: false; reason: string };

/** Where a refund stands at the provider: the money is back (processed, COMPLETED), on its way, or refused. */
export type ProviderRefundState = "refunded" | "pending" | "failed";

export interface RefundResult {
  refundId: string;
  state: ProviderRefundState;
  raw: unknown;
}

export interface WebhookEvent {
  /** Unique per delivery of one event: a replay carries the same id. */
  eventId: string;
  type: string;
  /** Set when the event reports money taken for an order. */
  capture: CapturedPayment | null;
  payload: unknown;
}

/** One interface over every provider (and its simulator, which speaks the same HTTP). */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Pointed at the built-in simulator: orders it pays are test orders. */
  readonly simulated: boolean;
  /** What the browser widget is opened with: Razorpay's key_id, PayPal's client id. */
  readonly publicKey: string;
  createOrder(input: {
    orderId: number;
    amount: number;
    currency: Currency;
    requestId: string;
    /** What the merchant's records call it, when it is not an order (a gift card): "gift_card_12". */
    reference?: string;
  }): Promise<{ id: string; raw: unknown }>;
  /** Checks the browser's proof locally (Razorpay's HMAC); PayPal has none, its capture is the proof. */
  verify(proof: PaymentProof): boolean;
  /** Razorpay: fetches the payment (capturing an authorised one). PayPal: captures the approved order. */
  capture(proof: PaymentProof): Promise<CaptureResult>;
  refund(input: {
    paymentId: string;
    amount: number;
    currency: string;
    requestId: string;
    /** Why, in the shopper's words: the provider shows it to them. */
    note: string;
  }): Promise<RefundResult>;
  /** A refund the provider took but had not made yet: where it stands now. */
  refundState(input: { paymentId: string; refundId: string }): Promise<ProviderRefundState>;
  /** Verifies a webhook delivery's signature and reads it; throws WebhookRejected when it is not genuine. */
  parseWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<WebhookEvent>;
}

export class WebhookRejected extends Error {
  override name = "WebhookRejected";
}

/** The provider answered with an error or could not be reached. */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** A webhook body that is not JSON is as bad as a bad signature: refused, nothing recorded. */
export function parseWebhookJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new WebhookRejected("the body is not JSON");
  }
}
