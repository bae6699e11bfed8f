import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Ids shaped like the providers' (order_XXXXXXXXXXXXXX, 17-character PayPal ids). */
export function simulatedId(prefix: string, length = 14, alphabet = ALPHABET): string {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
export const paypalId = () => simulatedId("", 17, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");

export const unixNow = () => Math.floor(Date.now() / 1000);
