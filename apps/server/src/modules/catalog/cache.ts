/**
 * A tiny in-process cache for catalogue reads that every page asks for (navigation, home strip, popular
 * products). Entries live for a short TTL, so replicas that did not see a change converge quickly;
 * the process that made the change calls `invalidateCatalogCache()` and sees it at once.
 */
const DEFAULT_TTL_MS = 60_000;

/**
 * Bumped by every invalidation. Entries remember the generation they were loaded in, so one global
 * call reaches every cache in the process (each app has its own) without keeping a registry of them.
 */
let generation = 0;

/** Call after any write that changes products, categories or the home strip (the admin module does). */
export function invalidateCatalogCache(): void {
  generation += 1;
}

interface Entry {
  generation: number;
  expiresAt: number;
  value: Promise<unknown>;
}

export interface CatalogCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export function createCatalogCache(ttlMs = DEFAULT_TTL_MS, now: () => number = Date.now): CatalogCache {
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.generation === generation && hit.expiresAt > now()) return hit.value as Promise<T>;
      // The promise is stored, not the result, so concurrent requests share one database round trip.
      const value = load();
      const entry: Entry = { generation, expiresAt: now() + ttlMs, value };
      entries.set(key, entry);
      // A failed load must not be served from the cache until it expires.
      value.catch(() => entries.get(key) === entry && entries.delete(key));
      return value;
    },
  };
}
