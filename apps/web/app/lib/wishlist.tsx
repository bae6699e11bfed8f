import {
  PRODUCT_SIZES,
  WISHLIST_LIMIT,
  type ProductSize,
  type WishlistIdsResponse,
  type WishlistResponse,
} from "@store/shared";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { api, isApiError, STORAGE_KEYS } from "./api";
import { useSession } from "./session";
import { browserStorage, onStorageChange } from "./storage";

export type WishlistStatus = "loading" | "ready" | "error";

type WishlistContextValue = {
  /** "loading" until the browser has read its list (the server render shows every heart empty). */
  status: WishlistStatus;
  /** Reads the list again (after a failed fetch). */
  reload: () => Promise<void>;
  /** Saved product ids, newest first. */
  ids: number[];
  has: (productId: number) => boolean;
  /** Saves (with the size chosen, when there is one) or removes; rejects with the ApiError when the server refused. */
  toggle: (productId: number, size?: ProductSize) => Promise<void>;
};

const WishlistContext = createContext<WishlistContextValue>({
  status: "loading",
  reload: async () => {},
  ids: [],
  has: () => false,
  toggle: async () => {},
});

/** A guest's list, as stored (anything unreadable is an empty list). */
export function storedWishlist(): number[] {
  try {
    const parsed: unknown = JSON.parse(browserStorage.get(STORAGE_KEYS.wishlist) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

function storeWishlist(ids: number[]) {
  browserStorage.set(STORAGE_KEYS.wishlist, ids.length === 0 ? null : JSON.stringify(ids.slice(0, WISHLIST_LIMIT)));
}

/** The size a guest chose for each saved product (anything unreadable is left out). */
export function storedWishlistSizes(): Record<string, ProductSize> {
  try {
    const parsed: unknown = JSON.parse(browserStorage.get(STORAGE_KEYS.wishlistSizes) ?? "{}");
    if (typeof parsed !== "object" || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, ProductSize] =>
        (PRODUCT_SIZES as readonly unknown[]).includes(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/** Keeps the sizes of the saved ids only (a removed piece forgets its size). */
function storeWishlistSizes(ids: number[], sizes: Record<string, ProductSize>) {
  const kept = Object.fromEntries(Object.entries(sizes).filter(([id]) => ids.includes(Number(id))));
  browserStorage.set(STORAGE_KEYS.wishlistSizes, ids.length === 0 ? null : JSON.stringify(kept));
}

const serverIds = async () =>
  (await api.get<WishlistResponse>("/api/wishlist/", { currency: "USD" })).data.map((item) => item.id);

/**
 * The shopper's wishlist: a guest's in browser storage, a signed-in shopper's on the server. When a shopper
 * signs in (log-in or sign-up, in this tab or another) the browser's list is sent once to the account
 * (`/api/wishlist/merge`) and cleared here, as the cart is merged at login.
 */
export function WishlistProvider({ children }: { children: ReactNode }) {
  const { ready: sessionReady, token, expire } = useSession();
  const [state, setState] = useState<{ status: WishlistStatus; ids: number[] }>({ status: "loading", ids: [] });
  const tokenNow = useRef(token);
  useEffect(() => {
    tokenNow.current = token;
  }, [token]);

  const load = useCallback(async () => {
    if (!tokenNow.current) return setState({ status: "ready", ids: storedWishlist() });
    try {
      const local = storedWishlist();
      const ids =
        local.length > 0
          ? (
              await api.post<WishlistIdsResponse>("/api/wishlist/merge", {
                product_ids: local,
                sizes: storedWishlistSizes(),
              })
            ).product_ids
          : await serverIds();
      if (local.length > 0) {
        storeWishlist([]);
        storeWishlistSizes([], {});
      }
      setState({ status: "ready", ids });
    } catch (error) {
      if (isApiError(error, 401)) expire(error.message);
      else console.error("Wishlist fetch failed", error);
      setState((current) => ({ ...current, status: "error" }));
    }
  }, [expire]);

  useEffect(() => {
    if (!sessionReady) return;
    void load();
  }, [sessionReady, token, load]);

  // A heart clicked in another tab (a guest's list).
  useEffect(() => onStorageChange((key) => key === STORAGE_KEYS.wishlist && void load()), [load]);

  const toggle = useCallback(
    async (productId: number, size?: ProductSize) => {
      const saved = state.ids.includes(productId);
      const next = saved ? state.ids.filter((id) => id !== productId) : [productId, ...state.ids];
      if (!tokenNow.current) {
        storeWishlistSizes(next, { ...storedWishlistSizes(), ...(size && { [productId]: size }) });
        storeWishlist(next);
        setState({ status: "ready", ids: next });
        return;
      }
      setState({ status: "ready", ids: next });
      try {
        if (saved) await api.delete(`/api/wishlist/${productId}`);
        else
          setState({
            status: "ready",
            ids: (await api.put<WishlistIdsResponse>(`/api/wishlist/${productId}`, size ? { size } : {})).product_ids,
          });
      } catch (error) {
        setState((current) => ({ ...current, ids: state.ids }));
        if (isApiError(error, 401)) expire(error.message);
        throw error;
      }
    },
    [state.ids, expire],
  );

  const value = useMemo(
    () => ({ ...state, reload: load, has: (id: number) => state.ids.includes(id), toggle }),
    [state, load, toggle],
  );
  return <WishlistContext value={value}>{children}</WishlistContext>;
}

export function useWishlist(): WishlistContextValue {
  return useContext(WishlistContext);
}
