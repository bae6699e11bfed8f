import { CURRENCY_COOKIE, DEFAULT_CURRENCY, rememberedCurrency, type Currency } from "@store/shared";
import { writeSiteCookie } from "./site-cookie";

/** Whether the remembered currency was detected or picked in the switcher (a pick is never re-detected). */
const CURRENCY_SOURCE_COOKIE = "currency_source";
export type CurrencySource = "detected" | "manual";

/**
 * For clientLoaders: the currency the browser will send to the server, so both render the same prices.
 * The page remembers the server's decision once hydrated (currency-context), so the default is only for
 * a navigation that would beat it.
 */
export function browserCurrency(): Currency {
  return rememberedInBrowser() ?? DEFAULT_CURRENCY;
}

export function rememberedInBrowser(): Currency | null {
  return rememberedCurrency(typeof document === "undefined" ? null : document.cookie);
}

/**
 * Remembers the currency for a year, so the next visit is rendered on the server in it (no flash of USD
 * prices, no second location prompt). Not HttpOnly: the browser's loaders read it too.
 */
export function rememberCurrency(currency: Currency, source: CurrencySource): void {
  writeSiteCookie(CURRENCY_COOKIE, currency);
  writeSiteCookie(CURRENCY_SOURCE_COOKIE, source);
}
