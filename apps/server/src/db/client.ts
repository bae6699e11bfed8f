import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { fileURLToPath } from "node:url";
import type { DatabaseConfig, DatabaseLimits } from "../config";
import { withAfterCommit } from "./after-commit";

/**
 * The one database type the services see, whichever engine is underneath. No relational schema: services
 * query with the SQL-like builder over their own module's tables, so the database layer knows no module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction (or a savepoint inside one): what services take when they join their caller's work. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: DatabaseConfig["kind"];
  /** Where the data lives, for the start-up summary: the PGlite folder, or the PostgreSQL address without credentials. */
  location: string;
  migrate(): Promise<void>;
  /**
   * Runs `run` while no other replica runs its own start-up work (migrations, the first seed): replicas
   * starting together on an empty PostgreSQL database would otherwise all seed it. PGlite: at once (one
   * process per folder, data-dir-lock.ts).
   */
  exclusively<T>(run: () => Promise<T>): Promise<T>;
  /** Readiness: the database answers within the limits and its core tables can be read. */
  ping(): Promise<void>;
  /** PGlite only: the whole database folder as an uncompressed tar (the test templates, decision 032). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Each `db.transaction` runs the effects its work asked for with `afterCommit` once it has committed. */
function runningAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => withAfterCommit(() => transaction(work, config));
  return db;
}

/** The limits when the configuration names none (tests, scripts); the environment's defaults (config.ts). */
export const DEFAULT_LIMITS: DatabaseLimits = {
  poolMax: 10,
  acquireTimeoutMs: 5000,
  lockTimeoutMs: 5000,
  statementTimeoutMs: 15_000,
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * One row from each table every page or order needs: `select 1` alone says "ready" over a database whose
 * tables cannot be read (a damaged PGlite folder answered 500 on every catalogue route while ready).
 */
const CORE_TABLES = ["categories", "products", "product_variants", "users", "carts", "orders"] as const;
const pingCoreTables = sql.raw(
  `select ${CORE_TABLES.map((t) => `(select 1 from "${t}" limit 1) as "${t}"`).join(", ")}`,
);

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const database = await open(config, config.limits ?? DEFAULT_LIMITS);
  return { ...database, close: once(database.close) };
}

/** Closing twice (a test that closed early, then the app's onClose) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** Each engine's driver loads only where it is used: a PostgreSQL replica never holds PGlite's WASM, nor the reverse. */
async function open(config: DatabaseConfig, limits: DatabaseLimits): Promise<Database> {
  if (config.kind === "postgres") {
    const [{ drizzle: drizzlePg }, { migrate: migratePg }, postgres] = await Promise.all([
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
      import("./postgres"),
    ]);
    const { MIGRATION_LOCK_KEY, openPool, withAdvisoryLock, withUnlimitedClient } = postgres;
    const pool = openPool(config.url, limits);
    const db = drizzlePg({ client: pool });
    return {
      db: runningAfterCommit(db as unknown as Db),
      kind: "postgres",
      location: postgresLocation(config.url),
      // Replicas starting together migrate one after the other; the later ones find nothing left to do.
      migrate: () =>
        withUnlimitedClient(config.url, (client) =>
          withAdvisoryLock(client, MIGRATION_LOCK_KEY, () => migratePg(drizzlePg({ client }), { migrationsFolder })),
        ),
      exclusively: (run) =>
        withUnlimitedClient(config.url, (client) => withAdvisoryLock(client, MIGRATION_LOCK_KEY, run)),
      ping: async () => void (await db.execute(pingCoreTables)),
      close: () => pool.end(),
    };
  }
  const [{ drizzle: drizzlePg }, { migrate: migratePg }, { openPglite }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
    import("./pglite"),
  ]);
  const { pglite, pool, close } = await openPglite(config.dataDir, limits.acquireTimeoutMs, config.loadDataDir);
  const db = drizzlePg({ client: pool });
  return {
    db: runningAfterCommit(db as unknown as Db),
    kind: "pglite",
    location: config.dataDir ?? "memory",
    // One process per folder already (data-dir-lock.ts), so no second migrator can race this one.
    migrate: () => migratePg(db, { migrationsFolder }),
    exclusively: (run) => run(),
    ping: async () => void (await db.execute(pingCoreTables)),
    dump: () => pglite.dumpDataDir("none"),
    close,
  };
}

/** host:port/database, never the user or password. */
function postgresLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}
