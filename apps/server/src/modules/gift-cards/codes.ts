import { createHash, randomBytes } from "node:crypto";
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH, normalGiftCardCode } from "@store/shared";

/**
 * A new code: 20 symbols of a 32-symbol alphabet, each from 5 random bits of one crypto byte (256 is a
 * multiple of 32, so no symbol is likelier than another): 100 bits, beyond guessing at any rate limit.
 */
export function newGiftCardCode(): string {
  return [...randomBytes(GIFT_CARD_CODE_LENGTH)].map((byte) => GIFT_CARD_CODE_ALPHABET[byte & 31]).join("");
}

/**
 * What is stored: the SHA-256 of the normalised code. A plain hash is enough here (no salt or slow hash):
 * the code is 100 random bits, not a password someone chose, so no table of likely codes can be built.
 */
export const giftCardCodeHash = (code: string) => createHash("sha256").update(normalGiftCardCode(code)).digest("hex");

/** A typed code that could be one of ours (length and alphabet), after spaces and dashes are dropped. */
export function isWellFormedCode(typed: string): boolean {
  const code = normalGiftCardCode(typed);
  return code.length === GIFT_CARD_CODE_LENGTH && [...code].every((c) => GIFT_CARD_CODE_ALPHABET.includes(c));
}

/** The back office's view of a code: only its last four symbols. */
export const maskedCode = (last4: string | null) => (last4 ? `****-****-****-****-${last4}` : null);
