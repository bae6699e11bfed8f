import { createHash, timingSafeEqual } from "node:crypto";

/** Equal strings, compared in constant time (hashed first, so their lengths leak nothing either). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
