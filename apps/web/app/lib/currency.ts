import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from "@store/shared";

export const CURRENCY_COOKIE = "currency";
/** Whether the remembered currency was detected or picked in the switcher (a pick is never re-detected). */
export const CURRENCY_SOURCE_COOKIE = "currency_source";
export type CurrencySource = "detected" | "manual";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The currency remembered in the shopper's cookie, or null when none is (detection has not run yet). */
export function rememberedCurrency(cookieHeader: string | null | undefined): Currency | null {
  const match = cookieHeader?.match(/(?:^|;\s*)currency=([A-Z]{3})(?:;|$)/);
  const value = match?.[1] as Currency | undefined;
  return value && CURRENCIES.includes(value) ? value : null;
}

/** The currency remembered in the shopper's cookie, or the default (USD) until detection has run. */
export function currencyFromCookie(cookieHeader: string | null | undefined): Currency {
  return rememberedCurrency(cookieHeader) ?? DEFAULT_CURRENCY;
}

/** For clientLoaders: the currency the browser will send to the server, so both render the same prices. */
export function browserCurrency(): Currency {
  return currencyFromCookie(typeof document === "undefined" ? null : document.cookie);
}

/**
 * Remembers the currency for a year, so the next visit is rendered on the server in it (no flash of USD
 * prices, no second location prompt). Not HttpOnly: the browser's loaders read it too.
 */
export function rememberCurrency(currency: Currency, source: CurrencySource): void {
  const attributes = `; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
  document.cookie = `${CURRENCY_COOKIE}=${currency}${attributes}`;
  document.cookie = `${CURRENCY_SOURCE_COOKIE}=${source}${attributes}`;
}
