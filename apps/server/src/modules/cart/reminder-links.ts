import { createHmac } from "node:crypto";
import { STORE_URL_TAG } from "../../email/letter";
import { sameSecret } from "../../lib/secrets";

/**
 * A reminder's restore link: `/cart/restore?r=<id>&s=<HMAC-SHA256 of the id>`, keyed with this install's
 * secret for e-mailed links (the "cart-reminder:" prefix keeps its MACs apart from the opt-out tokens', whose
 * payloads are base64url and never contain a colon). The id alone would let anyone walk the serial ids.
 */
export function createReminderLinks(secret: string) {
  const signature = (id: number) => createHmac("sha256", secret).update(`cart-reminder:${id}`).digest("base64url");
  return {
    /** Written with the store-address merge tag: the outbox fills it in when it sends. */
    href: (id: number) => `${STORE_URL_TAG}/cart/restore?r=${id}&s=${signature(id)}`,
    isGenuine: (id: number, given: string) => sameSecret(given, signature(id)),
  };
}

export type ReminderLinks = ReturnType<typeof createReminderLinks>;
