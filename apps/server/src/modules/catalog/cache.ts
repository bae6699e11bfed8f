import { afterCommit } from "../../db/after-commit";

/**
 * An in-process cache for catalogue reads: navigation, home strip, popular products, listing pages and
 * product pages. The process that made a change marks it stale when its transaction commits
 * (`invalidateCatalogCache`) and sees it at once; with Redis, the other replicas hear of it through
 * `onCatalogChange` and `markCatalogStale` (app.ts wires them). Entries also live for a short TTL only, so a
 * replica that missed an announcement still converges. Bounded: the least recently used entry goes first
 * (100k products x sizes x currencies would not fit otherwise).
 */
const DEFAULT_TTL_MS = 30_000;
/** Entries, each an answer with its encoded bodies: a bound on the cache's memory too (decision 010 has the sizes). */
const DEFAULT_MAX_ENTRIES = 1_000;

/** Bumped by every invalidation, which empties every cache in the process (each app has its own). */
let generation = 0;
/**
 * The entries of every cache in the process, emptied the moment the catalogue changes rather than at the
 * cache's next use: a cache no one reads for a while (search during a run of checkouts) would otherwise hold
 * its stale answers until then. Loads still in flight go too: they may have read
 * the rows before the change committed. Weak, so a closed app's caches are collected.
 */
const liveCaches = new Set<WeakRef<Map<string, Entry>>>();

function nextGeneration(): void {
  generation += 1;
  for (const ref of liveCaches) {
    const entries = ref.deref();
    if (entries) entries.clear();
    else liveCaches.delete(ref);
  }
}
/**
 * The generation now: it moves with every committed change of what the storefront shows (and with each
 * announcement from another replica), so the rendered-page cache (plugins/page-cache.ts) keys on it too.
 */
export function catalogGeneration(): number {
  return generation;
}

/** Who hears of this process's own changes (the broadcast to the other replicas). */
const changeListeners = new Set<() => void>();

/**
 * Called by every write that changes what the catalogue shows (products, sizes, prices, stock, images,
 * categories, the home strip), inside its transaction or after it: the cache goes stale when the
 * transaction commits (db/after-commit.ts). Not before: a read between the two would cache the old rows again.
 */
export function invalidateCatalogCache(): void {
  afterCommit(() => {
    nextGeneration();
    changeListeners.forEach((listener) => listener());
  });
}

/** Another replica changed the catalogue: every cache in this process starts afresh. */
export function markCatalogStale(): void {
  nextGeneration();
}

/** Calls `listener` after each committed change this process makes; answers how to stop. */
export function onCatalogChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

/**
 * Each answer a cache handed out, with the generation its load began in and when its entry expires: an answer
 * kept elsewhere (the routes keep them by URL, `kept-by-url.ts`) is served only while its entry would be.
 */
const answerLives = new WeakMap<object, { generation: number; expiresAt: number }>();

/**
 * Whether an answer a catalogue cache handed out may still be served: nothing changed since its load began
 * (a load in flight when the catalogue changed may hold the old rows) and its TTL has not run out.
 */
export function isCurrentAnswer(value: object, now = Date.now()): boolean {
  const life = answerLives.get(value);
  return life !== undefined && life.generation === generation && life.expiresAt > now;
}

export interface CatalogCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export interface CatalogCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createCatalogCache({
  ttlMs = DEFAULT_TTL_MS,
  maxEntries = DEFAULT_MAX_ENTRIES,
  now = Date.now,
}: CatalogCacheOptions = {}): CatalogCache {
  // A Map iterates in insertion order; re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  liveCaches.add(new WeakRef(entries));

  function remember(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        remember(key, hit);
        return hit.value as Promise<T>;
      }
      // The promise is stored, not the result, so concurrent requests share one database round trip.
      const loadedIn = generation;
      const value = load();
      const entry: Entry = { expiresAt: now() + ttlMs, value };
      remember(key, entry);
      value.then(
        (answer) => {
          if (typeof answer === "object" && answer !== null)
            answerLives.set(answer, { generation: loadedIn, expiresAt: entry.expiresAt });
        },
        () => undefined,
      );
      // A failed load (a 404 included) must not be served from the cache until it expires.
      value.catch(() => entries.get(key) === entry && entries.delete(key));
      return value;
    },
  };
}
