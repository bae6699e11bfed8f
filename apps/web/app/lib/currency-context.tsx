import { DEFAULT_CURRENCY, type Currency } from "@store/shared";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { rememberCurrency } from "./currency";
import { browserSources, detectCurrency } from "./detect-currency";

type CurrencyContextValue = {
  currency: Currency;
  /** True while the spec's detection runs (prices show USD, marked as loading). */
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
 * The page's currency. The server renders with the remembered one (cookie); without a cookie it renders
 * USD and the browser detects the currency after hydration (spec section 4), remembers it, and reloads the
 * route data so server-priced content follows.
 */
export function CurrencyProvider({
  initial,
  detect,
  children,
}: {
  initial: Currency;
  detect: boolean;
  children: ReactNode;
}) {
  const [state, setState] = useState({ currency: initial, detecting: detect });
  const chosen = useRef(false);
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!detect) return;
    let cancelled = false;
    void detectCurrency(browserSources).then((currency) => {
      // A pick in the switcher while the location prompt was open wins over the detected currency.
      if (cancelled || chosen.current) return;
      rememberCurrency(currency, "detected");
      setState({ currency, detecting: false });
    });
    return () => {
      cancelled = true;
    };
  }, [detect]);

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
