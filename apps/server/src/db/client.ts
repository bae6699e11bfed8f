import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { DatabaseConfig } from "../config";
import * as schema from "./schema";

/** The one database type the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig["kind"];
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const database = await open(config);
  return { ...database, close: once(database.close) };
}

/** Closing twice (a test that closed early, then the app's onClose) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function open(config: DatabaseConfig): Promise<Database> {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on("error", (error) => console.error("PostgreSQL pool error", error.message));
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => void (await pool.query("select 1")),
      close: () => pool.end(),
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create(config.dataDir ?? "memory://", { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
