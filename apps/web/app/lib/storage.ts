import { STORAGE_KEYS } from "./api";

type StoredKey = (typeof STORAGE_KEYS)["token" | "cartId" | "wishlist" | "wishlistSizes" | "alertEmail"];

/**
 * The browser storage the spec names (`token`, `cartId`), and ours (a guest's wishlist and alert address). Every access is guarded: storage is missing on
 * the server, and a browser with storage disabled throws on access; the shop then works as a fresh guest.
 */
export const browserStorage = {
  get(key: StoredKey): string | null {
    try {
      return typeof window === "undefined" ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StoredKey, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch (error) {
      console.error(`Could not store ${key}`, error);
    }
  },
};

/** Calls `onChange(key)` when another tab changes one of our keys (log in or out elsewhere, a new cart). */
export function onStorageChange(onChange: (key: StoredKey) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.cartId || event.key === STORAGE_KEYS.wishlist)
      onChange(event.key);
    // localStorage.clear() in another tab reports a null key: everything may have changed.
    else if (event.key === null) onChange(STORAGE_KEYS.token);
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}
