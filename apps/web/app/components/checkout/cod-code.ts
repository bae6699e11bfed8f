import {
  confirmCodRequestSchema,
  formatMoney,
  type CodAwaitingResponse,
  type CodOrderResponse,
  type ConfirmCodRequest,
} from "@store/shared";

/** Whole minutes left until `expiresAt`, rounded up; null when the clocks disagree too much to say. */
export function minutesLeft(expiresAt: string, now: number): number | null {
  const minutes = Math.ceil((Date.parse(expiresAt) - now) / 60_000);
  return Number.isFinite(minutes) && minutes >= 1 && minutes <= 24 * 60 ? minutes : null;
}

/** What the code step means, in plain words: where the code went, how long it lasts, and that nothing is placed yet. */
export function codeStepText(
  order: Pick<CodAwaitingResponse, "channel" | "sent_to" | "expires_at">,
  now: number,
): string {
  const minutes = minutesLeft(order.expires_at, now);
  const within = minutes === null ? "soon" : `within ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return `We have sent a 6-digit code ${codeDestination(order)}. Enter it ${within} to place your order. Until then nothing is reserved and we have not received your order.`;
}

/** "to WhatsApp +91 98xxxxxx45" or "by e-mail to asha@example.com". */
export function codeDestination(order: Pick<CodAwaitingResponse, "channel" | "sent_to">): string {
  return order.channel === "whatsapp" ? `to WhatsApp ${order.sent_to}` : `by e-mail to ${order.sent_to}`;
}

/** The line shown before a cash-on-delivery order is placed: what happens next, for a guest, an account, a verified account. */
export function codNextStepText(shopper: "guest" | "account" | "verified"): string {
  if (shopper === "verified") return "Your order is placed at once; you pay in cash when it is delivered.";
  return shopper === "account"
    ? "Unless your account's e-mail address is verified, we send you a 6-digit code next (on WhatsApp, or by e-mail); your order is placed when you enter it here."
    : "Next we send you a 6-digit code on WhatsApp (or by e-mail); your order is placed when you enter it here.";
}

/** Spec: the COD success notice, the same whether the order was confirmed at once or with the code. */
export function codConfirmedText(order: CodOrderResponse): string {
  // What the store credit left to pay (decision 088): the courier collects only that.
  return `Order #${order.order_id} confirmed. Pay ${formatMoney(order.to_pay, order.currency)} on delivery.`;
}

export type CodeCheck = { ok: true; body: ConfirmCodRequest } | { ok: false; message: string };

/**
 * The shared schema's rule, before anything is sent. Spaces and dashes are dropped first: a code copied
 * from the e-mail, or typed in two groups of three, is still the code.
 */
export function checkCode(orderId: number, typed: string): CodeCheck {
  const parsed = confirmCodRequestSchema.safeParse({ order_id: orderId, code: typed.replace(/[\s-]/g, "") });
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Enter the 6-digit code we sent you" };
}
