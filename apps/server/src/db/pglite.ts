import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Mutex, withTimeout } from "async-mutex";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { StartupError } from "../errors";
import { lockDataDir, type ReleaseLock } from "./data-dir-lock";
import { DatabaseBusyError, damagedMessage } from "./errors";

/**
 * PGlite's buffer pool lives in its WASM memory, which grows as pages are touched and is never given back:
 * PostgreSQL's default 128 MB of shared buffers becomes 128 MB more resident memory once the catalogue has
 * been read. 32 MB keeps the hot pages (carts, orders, the indexes); the rest is read from the folder
 * through the operating system's page cache (decision 043 has the measurements).
 */
const PGLITE_SETTINGS = ["shared_buffers=32MB"];

/**
 * Opens PGlite on a folder (or in memory): locked for this process, refused with an explanation when the
 * folder is not a database or cannot be opened, and behind a gate with a wait limit (below).
 */
export async function openPglite(
  dataDir: string | undefined,
  acquireTimeoutMs: number,
  loadDataDir?: Blob,
): Promise<{ client: PGlite; close: () => Promise<void> }> {
  let release: ReleaseLock = async () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  try {
    if (dataDir) refuseForeignFolder(dataDir);
    const client = await PGlite.create(dataDir ?? "memory://", {
      extensions: { pg_trgm },
      loadDataDir,
      postgresqlconf: PGLITE_SETTINGS,
    }).catch((err: unknown) => {
      throw new StartupError(
        damagedMessage(dataDir ?? "memory://", `PGlite: ${err instanceof Error ? err.message : String(err)}`),
      );
    });
    return {
      client: gated(client, acquireTimeoutMs),
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

/** PGlite runs initdb over a folder without PG_VERSION, which would bury whatever is in it. */
function refuseForeignFolder(dataDir: string): void {
  const entries = readdirSync(dataDir);
  if (entries.length > 0 && !existsSync(join(dataDir, "PG_VERSION"))) {
    throw new StartupError(
      damagedMessage(
        dataDir,
        `the folder holds ${entries.length} entries but no PG_VERSION file, so it is not a whole PGlite database`,
      ),
    );
  }
}

/**
 * PGlite is one connection: a query waits for the transaction before it. Every call goes through this
 * gate, which gives up after `timeoutMs` (the request then gets a 503) instead of queueing forever; a
 * caller that gave up is never run later (async-mutex's withTimeout releases its turn unused).
 * Transactions hold the gate; their own queries go through the transaction object, not through here.
 */
function gated(client: PGlite, timeoutMs: number): PGlite {
  const gate = withTimeout(new Mutex(), timeoutMs, new DatabaseBusyError(timeoutMs));
  const exclusive = new Set<PropertyKey>(["query", "exec", "transaction", "sql"]);
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      // Bound to the real client: PGlite's private fields do not exist on the proxy.
      const method = value.bind(target) as (...args: unknown[]) => unknown;
      return exclusive.has(property) ? (...args: unknown[]) => gate.runExclusive(() => method(...args)) : method;
    },
  });
}
