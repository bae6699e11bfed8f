import { note } from "./numbers";
import type { CartItem, CartResponse, Currency } from "@store/shared";
// The module itself, not the package index: only what the shell needs, no schemas.
import { CART_COOKIE, cartIdInCookie } from "@store/shared/cart-cookie";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { isApiError, STORAGE_KEYS } from "./api";
import { cartApi, lineIdentity, type NewCartLine } from "./cart-api";
import { rememberedInBrowser } from "./currency";
import { useCurrency } from "./currency-context";
import { useSession } from "./session";
import { writeSiteCookie } from "./site-cookie";
import { browserStorage, onStorageChange } from "./storage";

export type CartStatus = "loading" | "ready" | "error";

type CartContextValue = {
  /** "loading" until the browser has read its storage (and fetched the cart, if there is one). */
  status: CartStatus;
  /** The cart as the server last answered it; null when there is none yet. */
  cart: CartResponse | null;
  /** Pieces in the cart (the navigation's count). */
  count: number;
  /** Each change rejects with the ApiError (a 409 carries the server's sentence); see cartFailureMessage. */
  add: (line: NewCartLine) => Promise<CartResponse>;
  setQuantity: (item: CartItem, quantity: number) => Promise<CartResponse>;
  remove: (item: CartItem) => Promise<CartResponse>;
  /** Fetches the cart again (e.g. after a payment); null when this browser has no cart. */
  refresh: () => Promise<CartResponse | null>;
  /** Forgets the cart in this browser only (spec: "the cart can be cleared locally"). */
  clear: () => void;
};

const CartContext = createContext<CartContextValue | null>(null);

const storedCartId = () => browserStorage.get(STORAGE_KEYS.cartId);

/** Which cart, for whom and in which currency a fetch asks for. */
const fetchKey = (cartId: string | null, currency: Currency) =>
  `${cartId ?? ""} ${browserStorage.get(STORAGE_KEYS.token) ?? ""} ${currency}`;

/**
 * The page's first cart fetch, started as this module runs in the browser, while the page hydrates: after
 * hydration and the session's first render, a full cart's lines (the cart page's largest paint) came a few
 * hundred milliseconds later on a phone (decision 047). Only with a remembered currency, the one the server
 * rendered in; the first fetch takes it if it asks for the same cart, session and currency, else asks again.
 */
let firstFetch: { key: string; response: Promise<CartResponse> } | null = null;
if (typeof window !== "undefined") {
  const cartId = storedCartId();
  const currency = rememberedInBrowser();
  if (currency && (cartId || browserStorage.get(STORAGE_KEYS.token))) {
    const response = cartApi.get(cartId, currency);
    // Its failure is handled by the fetch that takes it; one that is not taken is dropped.
    response.catch(() => undefined);
    firstFetch = { key: fetchKey(cartId, currency), response };
  }
}

function takeFirstFetch(cartId: string | null, currency: Currency): Promise<CartResponse> | null {
  const first = firstFetch;
  firstFetch = null;
  return first?.key === fetchKey(cartId, currency) ? first.response : null;
}

/**
 * The spec's cart state (sections 4 and 7): fetched after hydration when a token or cartId is stored,
 * fetched again when the session or currency changes, and replaced by the whole cart every change answers.
 * Calls run one at a time, so quick quantity steps reach the server in the order they were made.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const currency = useCurrency();
  const [state, setState] = useState<{ status: CartStatus; cart: CartResponse | null }>({
    status: "loading",
    cart: null,
  });
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const { expire, signIn } = session;

  // Once the cart is known, the cookie follows the stored id: the server renders /cart from it (decision 057).
  useEffect(() => {
    if (state.status !== "ready") return;
    const cartId = storedCartId();
    if (cartIdInCookie(document.cookie) !== cartId) writeSiteCookie(CART_COOKIE, cartId);
  }, [state]);

  // Calls read the currency when their turn comes, not the one from when they were queued.
  const currencyNow = useRef(currency);
  useEffect(() => {
    currencyNow.current = currency;
  }, [currency]);

  const inTurn = useCallback(<T,>(task: () => Promise<T>): Promise<T> => {
    const result = queue.current.then(task);
    queue.current = result.catch(() => undefined);
    return result;
  }, []);

  /** Runs a call; a refused token ends the session, an unknown cart id is forgotten. */
  const guarded = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (isApiError(error, 401)) expire(error.message);
        if (isApiError(error, 404, "CART_NOT_FOUND")) {
          browserStorage.set(STORAGE_KEYS.cartId, null);
          setState({ status: "ready", cart: null });
        }
        throw error;
      }
    },
    [expire],
  );

  /** Spec: a token or cart_id in a response is stored and used afterwards. */
  const accept = useCallback(
    (response: CartResponse): CartResponse => {
      if (response.cart_id) browserStorage.set(STORAGE_KEYS.cartId, response.cart_id);
      const token = (response as { token?: unknown }).token;
      if (typeof token === "string" && token) signIn(token, response.cart_id);
      setState({ status: "ready", cart: response });
      return response;
    },
    [signIn],
  );

  const fetchNow = useCallback(async (): Promise<CartResponse | null> => {
    const cartId = storedCartId();
    if (!cartId && !browserStorage.get(STORAGE_KEYS.token)) {
      setState({ status: "ready", cart: null });
      return null;
    }
    try {
      const currency = currencyNow.current;
      return accept(await guarded(() => takeFirstFetch(cartId, currency) ?? cartApi.get(cartId, currency)));
    } catch (error) {
      // Both are handled: the id is forgotten, or the session ends and the cart is fetched again as a guest's.
      if (isApiError(error, 404, "CART_NOT_FOUND") || isApiError(error, 401)) return null;
      setState((current) => ({ ...current, status: current.cart ? "ready" : "error" }));
      throw error;
    }
  }, [guarded, accept]);

  /**
   * A change answers the whole cart, in the cart's own currency: in another one, it is fetched re-priced.
   * A refusal (stock or price changed) or a line already gone means the shown cart is stale: fetched again.
   */
  const change = useCallback(
    (call: (cartId: string | null) => Promise<CartResponse>) =>
      inTurn(async () => {
        let response: CartResponse;
        try {
          response = await guarded(() => call(storedCartId()));
        } catch (error) {
          if (isApiError(error, 409) || isApiError(error, 404, "LINE_NOT_FOUND")) await fetchNow().catch(() => null);
          throw error;
        }
        if (response.currency === currencyNow.current) return accept(response);
        if (response.cart_id) browserStorage.set(STORAGE_KEYS.cartId, response.cart_id);
        return (await fetchNow()) ?? response;
      }),
    [inTurn, guarded, accept, fetchNow],
  );

  const refresh = useCallback(() => inTurn(fetchNow), [inTurn, fetchNow]);

  const add = useCallback(
    (line: NewCartLine) =>
      change(async (cartId) => {
        note({ type: "add_to_cart", product_id: line.product_pk });
        try {
          return await cartApi.add({ ...line, cart_id: cartId });
        } catch (error) {
          // A cart that no longer exists (or is not ours) must not stop the shopper adding: start a new one.
          if (!cartId || !isApiError(error, 404, "CART_NOT_FOUND")) throw error;
          browserStorage.set(STORAGE_KEYS.cartId, null);
          return cartApi.add({ ...line, cart_id: null });
        }
      }),
    [change],
  );

  const setQuantity = useCallback(
    (item: CartItem, quantity: number) =>
      change((cartId) => cartApi.update({ ...lineIdentity(item), quantity, cart_id: cartId })),
    [change],
  );

  const remove = useCallback(
    (item: CartItem) =>
      change((cartId) =>
        cartApi.remove({ ...lineIdentity(item), offer_price: item.offer_price, mrp: item.mrp, cart_id: cartId }),
      ),
    [change],
  );

  const clear = useCallback(() => {
    browserStorage.set(STORAGE_KEYS.cartId, null);
    setState({ status: "ready", cart: null });
  }, []);

  // After hydration, and whenever the shopper logs in or out or changes currency: the cart as it is now.
  useEffect(() => {
    if (!session.ready) return;
    refresh().catch((error: unknown) => console.error("Cart fetch failed", error));
  }, [session.ready, session.token, currency, refresh]);

  // A cart started or dropped in another tab.
  useEffect(
    () =>
      onStorageChange((key) => {
        if (key === STORAGE_KEYS.cartId) refresh().catch((error: unknown) => console.error("Cart fetch failed", error));
      }),
    [refresh],
  );

  const value = useMemo(
    () => ({ ...state, count: state.cart?.count ?? 0, add, setQuantity, remove, refresh, clear }),
    [state, add, setQuantity, remove, refresh, clear],
  );
  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart needs a <CartProvider> (root.tsx)");
  return cart;
}
