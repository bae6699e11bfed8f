import { createHash, randomBytes } from "node:crypto";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Set-password and verify-email links. */
export const EMAIL_LINK_TTL_MS = 48 * 60 * 60 * 1000;

/** 32 random bytes, base64url: unguessable, and safe in a header and in a link's query string. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Only this hash is stored. A plain SHA-256 is enough (no salt, no argon2): the token already carries 256
 * bits of randomness, so a leaked table cannot be brute-forced, and lookups stay one indexed equality.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function expiresIn(ms: number, now = Date.now()): Date {
  return new Date(now + ms);
}
