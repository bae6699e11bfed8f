import pg from "pg";
import type { DatabaseLimits } from "../config";
import { PreparingClient, UnpreparedClient } from "./preparing-client";

/**
 * The pool every request uses, with the three limits that keep one stuck lock from stalling the shop:
 * waiting for a connection, for a lock, and a statement's run time (each answered 503, see errors.ts).
 */
export function openPool(url: string, limits: DatabaseLimits): pg.Pool {
  const pool = new pg.Pool({
    Client: limits.preparedStatements === false ? UnpreparedClient : PreparingClient,
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
