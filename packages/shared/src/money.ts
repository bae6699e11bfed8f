import { INR_PER_USD_RATIO, type Currency } from "./constants";

/**
 * The spec's INR rule: USD x 33.6, round up to a whole rupee, then raise to the next number ending in 9
 * (a number already ending in 9 stays). Integer arithmetic only: 33.6 INR per USD = 0.336 INR per cent.
 */
export function inrFromUsdCents(usdCents: number): number {
  assertWholeNonNegative(usdCents);
  const { numerator, denominator } = INR_PER_USD_RATIO;
  const rupees = Math.ceil((usdCents * numerator) / (denominator * 100));
  return endInNine(rupees);
}

/** Raises a whole amount to the nearest number >= it whose last digit is 9. */
export function endInNine(amount: number): number {
  assertWholeNonNegative(amount);
  return amount + ((9 - (amount % 10) + 10) % 10);
}

/**
 * A catalogue price (stored once, in USD cents) in the shopper's currency, in major units.
 * USD shoppers see and pay whole dollars (the spec's display has no decimals): a price with cents is
 * rounded up, here and only here, so cart, checkout quote, order and provider amounts all agree
 * (decision 024-catalogue-prices).
 */
export function priceIn(currency: Currency, usdCents: number): number {
  return currency === "INR" ? inrFromUsdCents(usdCents) : Math.ceil(usdCents / 100);
}

/** Major units -> provider minor units (the spec's "x100"). */
export function toMinorUnits(major: number): number {
  return Math.round(major * 100);
}

/** Stored minor units (paise, cents) -> major units, as the API's money fields carry them. */
export function toMajorUnits(minor: number): number {
  return minor / 100;
}

/** A USD amount in cents as paise at an order's fixed rate (INR per USD x 1000), to the nearest paisa. */
export function inrMinorAtRate(usdMinor: number, rateMilli: number): number {
  return Math.round((usdMinor * rateMilli) / 1000);
}

/** Paise as invoices print them: Indian grouping and 2 decimals, from integers (123456789 -> "12,34,567.89"). */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${grouped(Math.floor(abs / 100), "en-IN")}.${String(abs % 100).padStart(2, "0")}`;
}

/** Minor units as a two-decimal string, for spreadsheets and provider payloads: 129900 -> "1299.00". */
export function decimalText(minor: number): string {
  return toMajorUnits(minor).toFixed(2);
}

/**
 * A whole non-negative number's digits grouped: by thousands (en-US), or the last three digits and then
 * by twos (en-IN: 12,34,567), as Intl.NumberFormat groups them.
 */
function grouped(whole: number, locale: "en-IN" | "en-US"): string {
  const digits = String(whole);
  const head = digits.length - 3;
  if (head <= 0) return digits;
  const step = locale === "en-IN" ? 2 : 3;
  const groups = [digits.slice(head)];
  for (let end = head; end > 0; end -= step) groups.unshift(digits.slice(Math.max(0, end - step), end));
  return groups.join(",");
}

export const CURRENCY_SIGNS: Record<Currency, string> = { INR: "₹", USD: "$" };
const LOCALE: Record<Currency, "en-IN" | "en-US"> = { INR: "en-IN", USD: "en-US" };

/**
 * Display: no decimals, en-IN for INR and en-US otherwise; the same text Intl.NumberFormat gives
 * (money.test.ts compares them). Built by hand because a page's first Intl formatter costs the browser its
 * ICU start-up on the main thread (decision 050), and every storefront page prices something. Amounts Intl would print differently (beyond 2^53, not finite) still go through Intl.
 */
export function formatMoney(amount: number, currency: Currency): string {
  const negative = amount < 0 || Object.is(amount, -0);
  // Intl rounds half away from zero; for a whole-number result Math.round of the magnitude does the same.
  const whole = Math.round(Math.abs(amount));
  if (!Number.isSafeInteger(whole)) return intlMoney(amount, currency);
  return `${negative ? "-" : ""}${CURRENCY_SIGNS[currency]}${grouped(whole, LOCALE[currency])}`;
}

/** Intl's own formatting, for amounts the hand-built text does not cover. */
function intlMoney(amount: number, currency: Currency): string {
  return new Intl.NumberFormat(LOCALE[currency], {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(amount);
}

function assertWholeNonNegative(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`Expected a whole non-negative amount, got ${value}`);
}
