import { sql } from "drizzle-orm";
import type { DatabaseConfig } from "../config";
import { StartupError } from "../errors";
import { openDatabase, type Database, type Db } from "./client";
import { damagedMessage } from "./errors";

/**
 * Opens and migrates the configured database for a process that will use it (the server, the CLIs). An
 * embedded database is also read whole before anything is served, so a damaged folder is reported once,
 * clearly, instead of as a 500 on every page that touches the damaged table.
 */
export async function openAndMigrate(config: DatabaseConfig): Promise<Database> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (database.kind === "pglite") await readEveryTable(database.db);
    return database;
  } catch (err) {
    await database.close();
    if (database.kind === "pglite" && isDamage(err))
      throw new StartupError(damagedMessage(database.location, describe(err)));
    throw err;
  }
}

/** Reads every page of every table (a count scans them all); names the first table that cannot be read. */
export async function readEveryTable(db: Db): Promise<void> {
  // Both drivers answer `{ rows }`; Drizzle's shared type does not say so.
  const tables = (await db.execute(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { name: string }[] };
  for (const { name } of tables.rows) {
    try {
      await db.execute(sql`select count(*) from ${sql.identifier(name)}`);
    } catch (err) {
      throw Object.assign(new Error(`reading table "${name}" failed (${describe(err)})`), { cause: err });
    }
  }
}

/** PostgreSQL's "internal error" class (XX000 internal, XX001 data corrupted, XX002 index corrupted) or a WASM abort. */
function isDamage(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if ((typeof code === "string" && code.startsWith("XX")) || e.name === "RuntimeError") return true;
  }
  return false;
}

/** The deepest message in the cause chain (Drizzle's own message repeats the whole query). */
function describe(err: unknown): string {
  let message = err instanceof Error ? err.message : String(err);
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (!e.message.startsWith("Failed query")) message = e.message;
    if (e.message.startsWith("reading table")) return e.message;
  }
  return message;
}
