import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { StartupError } from "../errors";
import { lockDataDir, type ReleaseLock } from "./data-dir-lock";
import { damagedMessage } from "./errors";
import { PreparingClient } from "./preparing-client";

/**
 * PGlite's buffer pool lives in its WASM memory, which grows as pages are touched and is never given back:
 * PostgreSQL's default 128 MB of shared buffers becomes 128 MB more resident memory once the catalogue has
 * been read. 32 MB keeps the hot pages (carts, orders, the indexes); the rest is read from the folder
 * through the operating system's page cache (decision 043 has the measurements).
 */
const PGLITE_SETTINGS = ["shared_buffers=32MB"];

/**
 * Opens PGlite on a folder (or in memory): locked for this process, refused with an explanation when the
 * folder is not a database or cannot be opened, and served through a pool of one with a wait limit (below).
 */
export async function openPglite(
  dataDir: string | undefined,
  acquireTimeoutMs: number,
  loadDataDir?: Blob,
): Promise<{ pglite: PGlite; pool: pg.Pool; close: () => Promise<void> }> {
  let release: ReleaseLock = async () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  try {
    if (dataDir) refuseForeignFolder(dataDir);
    const pglite = await PGlite.create(dataDir ?? "memory://", {
      extensions: { pg_trgm },
      loadDataDir,
      postgresqlconf: PGLITE_SETTINGS,
    }).catch((err: unknown) => {
      throw new StartupError(
        damagedMessage(dataDir ?? "memory://", `PGlite: ${err instanceof Error ? err.message : String(err)}`),
      );
    });
    const pool = sessionPool(pglite, acquireTimeoutMs);
    return {
      pglite,
      pool,
      close: async () => {
        await pool.end();
        await pglite.close();
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
 * PGlite is one session, served to the app through the same driver as PostgreSQL (pg, decision 056): a pool
 * of one client, so a query waits for the transaction before it, and gives up after `acquireTimeoutMs` (the
 * request then gets a 503) instead of queueing forever; pg-pool drops a waiter that gave up, so it never
 * runs later. Statements are named and prepared in the session (PreparingClient): PGlite parses and plans
 * each once, not on every run.
 */
function sessionPool(pglite: PGlite, acquireTimeoutMs: number): pg.Pool {
  // The one session outlives its clients: pg-pool replaces a client after a failed query, the session's
  // prepared statements stay, so every client must know them (names, and the texts pg has parsed).
  const preparedInSession = new Set<string>();
  const parsedStatements = {};
  class SessionClient extends PreparingClient {
    constructor(config?: pg.ClientConfig) {
      // Each client its own adapter: a replaced client's adapter announces its end to that client only.
      super({ ...config, connection: sessionAdapter(pglite, parsedStatements) } as pg.ClientConfig, preparedInSession);
    }
  }
  return new pg.Pool({
    Client: SessionClient,
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: acquireTimeoutMs,
  });
}

/** PGlite's pg adapter; pg hands its type parsers over as `types`, where the adapter expects parameter type ids. */
function sessionAdapter(pglite: PGlite, parsedStatements: object) {
  const { connection } = createPgConfig(pglite);
  connection.parsedStatements = parsedStatements;
  const parse = connection.parse.bind(connection);
  connection.parse = (query: { types?: unknown }) =>
    parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
  return connection;
}
