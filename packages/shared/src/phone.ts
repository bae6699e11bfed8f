/** What people type between a phone number's digits, and what is ignored: spaces, dashes, dots, brackets. */
const SEPARATORS = /[\s().-]/g;

/**
 * A phone number written with its country code, as its digits: "+" or "00", then the country code and the
 * number, E.164's 15 digits at most ("+91 98290-12345", "0091 9829012345" and "+91 (98290) 12345" are all
 * 919829012345). Null for anything else, a number without its country code included: "98290 12345" could
 * be a number in any country.
 */
export function internationalPhone(typed: string): string | null {
  return /^(?:\+|00)([1-9]\d{6,14})$/.exec(typed.replace(SEPARATORS, ""))?.[1] ?? null;
}

/** The way to write a phone number `internationalPhone` reads, for the forms that ask for one. */
export const INTERNATIONAL_PHONE_TEXT = "the phone number with its country code, such as +91 98290 12345";
