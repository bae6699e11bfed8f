import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { STORAGE_KEYS } from "./api";
import { rememberSessionHint } from "./session-hint";
import { browserStorage, onStorageChange } from "./storage";

type SessionContextValue = {
  /** False during the server render and hydration: nobody knows yet whether the shopper is logged in. */
  ready: boolean;
  /** The spec's `token` (browser storage), sent as `Authorization: Token ...` by lib/api. */
  token: string | null;
  /** Set when the server refused the stored token (expired, revoked): the shopper must log in again. */
  expiredMessage: string | null;
  /** Stores the token and the cart id the server answered with it (null: no cart yet). */
  signIn: (token: string, cartId: string | null) => void;
  /** Forgets the session and the user's cart id: nothing of the user's cart stays in this browser. */
  signOut: () => void;
  expire: (message: string) => void;
  dismissExpired: () => void;
};

const noop = () => {};
const SessionContext = createContext<SessionContextValue>({
  ready: false,
  token: null,
  expiredMessage: null,
  signIn: noop,
  signOut: noop,
  expire: noop,
  dismissExpired: noop,
});

/** The shopper's session, read from browser storage after hydration (the server render is always a guest's). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);

  useEffect(() => {
    setToken(browserStorage.get(STORAGE_KEYS.token));
    setReady(true);
    // Logging in or out in another tab applies here too.
    return onStorageChange((key) => key === STORAGE_KEYS.token && setToken(browserStorage.get(STORAGE_KEYS.token)));
  }, []);

  // The server renders /account or the login screen from this hint (lib/session-hint).
  useEffect(() => {
    if (ready) rememberSessionHint(token !== null);
  }, [ready, token]);

  const signIn = useCallback((newToken: string, cartId: string | null) => {
    browserStorage.set(STORAGE_KEYS.token, newToken);
    // The server's answer is the shopper's cart now (the guest's merged into it), or none yet.
    browserStorage.set(STORAGE_KEYS.cartId, cartId);
    setToken(newToken);
    setExpiredMessage(null);
  }, []);

  const signOut = useCallback(() => {
    browserStorage.set(STORAGE_KEYS.token, null);
    browserStorage.set(STORAGE_KEYS.cartId, null);
    setToken(null);
  }, []);

  const expire = useCallback((message: string) => {
    browserStorage.set(STORAGE_KEYS.token, null);
    setToken(null);
    setExpiredMessage(message);
  }, []);

  const dismissExpired = useCallback(() => setExpiredMessage(null), []);

  const value = useMemo(
    () => ({ ready, token, expiredMessage, signIn, signOut, expire, dismissExpired }),
    [ready, token, expiredMessage, signIn, signOut, expire, dismissExpired],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  return useContext(SessionContext);
}
