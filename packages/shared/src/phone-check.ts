import {
  type CountryCode,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";
import metadata from "libphonenumber-js/min/metadata";
import examples from "libphonenumber-js/mobile/examples";
import { countryName } from "./country-name";

/**
 * Phone numbers checked against their country's numbering plan with `libphonenumber-js` (Google's
 * libphonenumber metadata, its "min" set: lengths and number patterns, decision 079).
 */

/** A country's calling code as the form writes it ("+44"), or "" for a code the metadata does not know. */
export function callingCode(country: string): string {
  const code = country.trim().toUpperCase();
  return isSupportedCountry(code) ? `+${getCountryCallingCode(code as CountryCode)}` : "";
}

/** "+44", "44", "0044", "+1-684" -> the calling code's digits; "" when none was given. */
const codeDigits = (code: string) => code.replace(/\D/g, "").replace(/^00/, "");

/** The number as one international string: a number typed with its own "+" or "00" keeps it. */
function international(countryCode: string, mobile: string): string {
  const typed = mobile.trim();
  if (typed.startsWith("+")) return typed;
  if (typed.startsWith("00")) return `+${typed.slice(2)}`;
  return `+${codeDigits(countryCode)} ${typed}`;
}

const SHORT_NAMES: Record<string, string> = { GB: "UK", US: "US", AE: "UAE" };

/**
 * Why a phone number cannot be used, or null: it must be a number of the country its calling code names
 * (a London buyer may give an Indian number). The message names that country and shows one of its numbers.
 * `deliveryCountry` picks the country a shared code means (+1: the United States or Canada).
 */
export function phoneProblem(countryCode: string, mobile: string, deliveryCountry: string): string | null {
  const full = international(countryCode, mobile);
  const parsed = parsePhoneNumberFromString(full);
  if (parsed?.isValid()) return null;
  const digits = parsed?.countryCallingCode ?? codeDigits(countryCode);
  const regions = (metadata.country_calling_codes as Record<string, string[] | undefined>)[digits];
  if (!regions) {
    return "Enter the phone number with its country code, such as +44 for the UK or +1 for the United States.";
  }
  const country = (regions.includes(deliveryCountry) ? deliveryCountry : regions[0]) as CountryCode;
  const example = getExampleNumber(country, examples)?.formatNational();
  const like = example ? `, like ${example}` : "";
  const name = SHORT_NAMES[country] ?? countryName(country) ?? country;
  return SHORT_NAMES[country]
    ? `Enter a valid ${name} phone number (+${digits})${like}.`
    : `Enter a valid phone number for ${name} (+${digits})${like}.`;
}
