import { INR_PER_USD_RATIO, type Currency } from "./constants";
import { CURRENCY_SIGNS, formatMoney, inrFromUsdCents } from "./money";

/** "₹ INR": how the back office names a currency beside an amount field. */
export function currencyLabel(currency: Currency): string {
  return `${CURRENCY_SIGNS[currency]} ${currency}`;
}

/**
 * A promo code's minimum order (whole units of `minCurrency`) as minor units of the cart's currency.
 * - Same currency: as set.
 * - A USD minimum in an INR cart: the catalogue's INR rule (x33.6, rounded up to end in 9), so "$100
 *   minimum" asks what a $100 basket costs in rupees.
 * - An INR minimum in a USD cart: the spec's rate (33.6 INR per USD), rounded up to the cent, so a USD
 *   cart never passes with less than the minimum's worth: Rs 1999 needs $59.50 (5949.4 cents, rounded up).
 * Integer arithmetic only.
 */
export function promoMinimumMinor(minAmount: number, minCurrency: Currency, cartCurrency: Currency): number {
  if (minAmount <= 0) return 0;
  if (minCurrency === cartCurrency) return minAmount * 100;
  if (minCurrency === "USD") return inrFromUsdCents(minAmount * 100) * 100;
  const { numerator, denominator } = INR_PER_USD_RATIO;
  // paise -> cents: paise / 33.6 = paise * 10 / 336, rounded up.
  return Math.ceil((minAmount * 100 * denominator) / numerator);
}

/** Minor units shown to a shopper: whole amounts without decimals (₹1,999, $60), others with cents ($59.50). */
export function formatMinor(minor: number, currency: Currency): string {
  if (minor % 100 === 0) return formatMoney(minor / 100, currency);
  return new Intl.NumberFormat(currency === "INR" ? "en-IN" : "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}
