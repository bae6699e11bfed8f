import pg from "pg";
import type { DatabaseLimits } from "../config";
import { PLANNED_PER_RUN } from "./planned-per-run";

/** Statements each connection keeps prepared; any after these run unprepared, so memory stays bounded on both sides. */
const PREPARED_PER_CONNECTION = 300;
/** What PostgreSQL can prepare and gains from it; BEGIN, COMMIT and savepoints stay simple one-round-trip queries. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * One name per statement text, the same on every connection (PostgreSQL names are per connection); null for
 * a text marked plannedPerRun (db/planned-per-run.ts), which runs unprepared.
 */
const statementNames = new Map<string, string | null>();

/**
 * A connection that runs the app's statements as named prepared statements: PostgreSQL parses and plans a
 * statement once per connection instead of on every run, which halves the database's work for the short
 * statements of a cart or a checkout (decision 048). Drizzle passes every value as a parameter, so the texts
 * are few (a few hundred, one per query shape); past PREPARED_PER_CONNECTION a connection prepares no more.
 */
class PreparingClient extends pg.Client {
  #prepared = new Set<string>();

  // pg's overloads (text or config, values, callback) all arrive here; only a config object or a text is named.
  override query(...args: unknown[]): never {
    const [first, ...rest] = args;
    const config = typeof first === "string" ? { text: first } : first;
    if (isUnnamedText(config) && PREPARABLE.test(config.text)) {
      const name = this.#nameFor(config.text);
      if (name) return (super.query as (...a: unknown[]) => never)({ ...config, name }, ...rest);
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  #nameFor(text: string): string | undefined {
    if (!statementNames.has(text)) {
      if (statementNames.size >= PREPARED_PER_CONNECTION * 10) return undefined;
      statementNames.set(text, text.includes(PLANNED_PER_RUN) ? null : `s${statementNames.size + 1}`);
    }
    const name = statementNames.get(text);
    if (!name) return undefined;
    if (this.#prepared.has(name)) return name;
    if (this.#prepared.size >= PREPARED_PER_CONNECTION) return undefined;
    this.#prepared.add(name);
    return name;
  }
}

function isUnnamedText(config: unknown): config is { text: string; name?: undefined } {
  if (typeof config !== "object" || config === null) return false;
  const query = config as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof query.text === "string" && query.name === undefined && query.submit === undefined;
}

/**
 * The pool every request uses, with the three limits that keep one stuck lock from stalling the shop:
 * waiting for a connection, for a lock, and a statement's run time (each answered 503, see errors.ts).
 */
export function openPool(url: string, limits: DatabaseLimits): pg.Pool {
  const pool = new pg.Pool({
    ...(limits.preparedStatements !== false && { Client: PreparingClient }),
    connectionString: url,
    max: limits.poolMax,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    lock_timeout: limits.lockTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on("error", (error) => console.error("PostgreSQL pool error", error.message));
  return pool;
}

/**
 * The advisory lock key migrations run under: any fixed number, the same in every replica and release.
 * (Drizzle's migrator takes no lock, so replicas starting together would race to create the same tables.)
 */
export const MIGRATION_LOCK_KEY = "7244187316042011";

/**
 * Runs `run` while holding PostgreSQL's session advisory lock `key` on `client`, one connection: whoever
 * comes second waits, then finds the work done. The lock goes with the session if the process dies.
 */
export async function withAdvisoryLock<T>(client: pg.Client, key: string, run: () => Promise<T>): Promise<T> {
  await client.query("select pg_advisory_lock($1::bigint)", [key]);
  try {
    return await run();
  } finally {
    await client.query("select pg_advisory_unlock($1::bigint)", [key]);
  }
}

/** Migrations get a connection of their own without the limits: building an index may rightly take minutes. */
export async function withUnlimitedClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
