import { CURRENCIES, type Currency } from "./constants";
import { cookieValue } from "./cookie-header";

/** The cookie the shopper's currency is remembered in (a year, whole site; not HttpOnly, browser loaders read it). */
export const CURRENCY_COOKIE = "currency";

/** The currency remembered in a Cookie header, or null when none is (a first visit). */
export function rememberedCurrency(cookieHeader: string | null | undefined): Currency | null {
  const value = cookieValue(cookieHeader, CURRENCY_COOKIE) as Currency | null;
  return value && CURRENCIES.includes(value) ? value : null;
}

/**
 * The currency a page is rendered in, decided by the server for each request (decision 044):
 * `askLocation` when nothing is remembered and the IP is not Indian, so the browser asks for the
 * position (spec section 4, step 2) while the page shows USD, marked as loading.
 */
export type CurrencyDecision = { currency: Currency; askLocation: boolean };
