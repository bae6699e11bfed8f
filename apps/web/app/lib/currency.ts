import { DEFAULT_CURRENCY, formatMoney, type Currency, CURRENCIES } from "@store/shared";
import { useRouteLoaderData } from "react-router";

export const CURRENCY_COOKIE = "currency";

/** The currency remembered in the shopper's cookie, or the default (USD) until detection has run. */
export function currencyFromCookie(cookieHeader: string | null): Currency {
  const match = cookieHeader?.match(/(?:^|;\s*)currency=([A-Z]{3})/);
  const value = match?.[1] as Currency | undefined;
  return value && CURRENCIES.includes(value) ? value : DEFAULT_CURRENCY;
}

/** The page's currency, decided on the server by the root loader so the first paint shows the right prices. */
export function useCurrency(): Currency {
  const root = useRouteLoaderData("root") as { currency?: Currency } | undefined;
  return root?.currency ?? DEFAULT_CURRENCY;
}

export function useFormatMoney(): (amount: number) => string {
  const currency = useCurrency();
  return (amount) => formatMoney(amount, currency);
}
