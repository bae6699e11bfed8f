import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 in hex: Razorpay's scheme for both payment and webhook signatures. */
export function hmacHex(message: string, secret: string): string {
  return createHmac("sha256", secret).update(message, "utf8").digest("hex");
}

/** Razorpay's checkout signature: HMAC-SHA256(`${order_id}|${payment_id}`, key_secret). */
export function razorpayPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, keySecret);
}

/** Constant-time comparison, so a forger learns nothing from how long a wrong signature takes to refuse. */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
