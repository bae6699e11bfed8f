import pg from "pg";
import type { DatabaseLimits } from "../config";

/**
 * The pool every request uses, with the three limits that keep one stuck lock from stalling the shop:
 * waiting for a connection, for a lock, and a statement's run time (each answered 503, see errors.ts).
 */
export function openPool(url: string, limits: DatabaseLimits): pg.Pool {
  const pool = new pg.Pool({
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
