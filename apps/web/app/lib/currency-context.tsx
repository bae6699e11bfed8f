import { DEFAULT_CURRENCY, type Currency } from "@store/shared";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { rememberCurrency, rememberedInBrowser } from "./currency";
import { browserPosition, currencyByPosition } from "./detect-currency";

type CurrencyContextValue = {
  currency: Currency;
  /** True while the browser asks for the position (prices show USD, marked as loading). */
  detecting: boolean;
  /** The shopper's own choice (the switcher): remembered, and never overridden by detection. */
  choose: (currency: Currency) => void;
};

const CurrencyContext = createContext<CurrencyContextValue>({
  currency: DEFAULT_CURRENCY,
  detecting: false,
  choose: () => {},
});

/**
 * The page's currency, as the server decided it for this request (decision 044: the cookie, else the
 * IP's country). Once hydrated the browser remembers that decision, so its own loaders price alike.
 * When the IP is not Indian and nothing is remembered (`askLocation`) the server renders USD and the
 * browser asks for the position (spec section 4), remembers the answer, and reloads the route data so
 * server-priced content follows.
 */
export function CurrencyProvider({
  initial,
  askLocation,
  children,
}: {
  initial: Currency;
  askLocation: boolean;
  children: ReactNode;
}) {
  const [state, setState] = useState({ currency: initial, detecting: askLocation });
  const chosen = useRef(false);
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!askLocation) {
      // The page may be a cached copy for every visitor from India: the cookie is written here, not by the server.
      if (rememberedInBrowser() === null) rememberCurrency(initial, "detected");
      return;
    }
    let cancelled = false;
    void currencyByPosition(browserPosition).then((currency) => {
      // A pick in the switcher while the location prompt was open wins over the detected currency.
      if (cancelled || chosen.current) return;
      rememberCurrency(currency, "detected");
      setState({ currency, detecting: false });
    });
    return () => {
      cancelled = true;
    };
  }, [askLocation, initial]);

  // Loaders price their data from the cookie: once it changes, the current page's data is loaded again.
  const rendered = useRef(initial);
  useEffect(() => {
    if (rendered.current === state.currency) return;
    rendered.current = state.currency;
    void revalidate();
  }, [state.currency, revalidate]);

  const choose = useCallback((currency: Currency) => {
    chosen.current = true;
    rememberCurrency(currency, "manual");
    setState({ currency, detecting: false });
  }, []);

  const value = useMemo(() => ({ ...state, choose }), [state, choose]);
  return <CurrencyContext value={value}>{children}</CurrencyContext>;
}

/** The page's currency: the remembered one from the server's render, then the detected or chosen one. */
export function useCurrency(): Currency {
  return useContext(CurrencyContext).currency;
}

export function useCurrencyState(): CurrencyContextValue {
  return useContext(CurrencyContext);
}
