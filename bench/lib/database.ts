import type { DatabaseConfig } from "@store/server/config";
import { openDatabase, type Database } from "@store/server/db/client";
import { sql } from "drizzle-orm";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Bench databases live apart from the app's ./data so a benchmark never touches a developer's store. */
export const benchDataDir = fileURLToPath(new URL("../.data/", import.meta.url));

export const DEFAULT_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function pgliteTarget(name: string, dataDir?: string): DatabaseConfig {
  return { kind: "pglite", dataDir: dataDir ?? `${benchDataDir}pglite-${name}` };
}

/** "postgres://user@host:5432/db" with any password masked, for logs and result files. */
export function describeTarget(target: DatabaseConfig): string {
  if (target.kind === "pglite") return `pglite ${target.dataDir ?? "(memory)"}`;
  const url = new URL(target.url);
  if (url.password) url.password = "***";
  return `postgres ${url.toString()}`;
}

/** Opens and migrates the database; the caller closes it (or hands it to buildApp, which does). */
export async function openBenchDatabase(target: DatabaseConfig, open = openDatabase): Promise<Database> {
  const database = await open(target);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

const SAFE_NAME = /^bench_[a-z0-9_]+$/;

/**
 * The URL of database `name` on the server of `adminUrl`, created when missing (or dropped and
 * created again when `fresh`). Only bench_* names: a benchmark must never drop anyone else's data.
 */
export async function postgresTarget(adminUrl: string, name: string, fresh: boolean): Promise<DatabaseConfig> {
  if (!SAFE_NAME.test(name)) throw new Error(`Benchmark databases are named bench_<name>, got ${name}`);
  const admin = await openDatabase({ kind: "postgres", url: adminUrl });
  try {
    if (fresh) await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    // Both drivers answer raw SQL with { rows }; the shared Db type leaves the result untyped.
    const existing = (await admin.db.execute(sql`select 1 from pg_database where datname = ${name}`)) as {
      rows: unknown[];
    };
    if (existing.rows.length === 0) await admin.db.execute(sql.raw(`create database ${name}`));
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { kind: "postgres", url: url.toString() };
}

/** The server's "postgres" database next to `target`, and the target's own database name. */
function adminOf(target: DatabaseConfig & { kind: "postgres" }): { adminUrl: string; name: string } {
  const url = new URL(target.url);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  return { adminUrl: url.toString(), name };
}

/** Creates a missing bench_* PostgreSQL database, so `--database-url .../bench_x` works on a fresh server. */
export async function ensureTarget(target: DatabaseConfig): Promise<void> {
  if (target.kind !== "postgres") return;
  const { adminUrl, name } = adminOf(target);
  if (SAFE_NAME.test(name)) await postgresTarget(adminUrl, name, false);
}

/**
 * Empties a benchmark database before a run: a PGlite folder is deleted, a PostgreSQL bench_* database
 * is dropped and created again (through the same server's "postgres" database).
 */
export async function resetTarget(target: DatabaseConfig): Promise<void> {
  if (target.kind === "pglite") return removePgliteData(target);
  const { adminUrl, name } = adminOf(target);
  await postgresTarget(adminUrl, name, true);
}

/** Removes a PGlite data folder (only one under bench/.data) so the next open starts empty. */
export function removePgliteData(target: DatabaseConfig): void {
  if (target.kind !== "pglite" || !target.dataDir) return;
  if (!target.dataDir.startsWith(benchDataDir))
    throw new Error(`Refusing to delete ${target.dataDir}: not under ${benchDataDir}`);
  rmSync(target.dataDir, { recursive: true, force: true });
}

/**
 * The target a CLI asked for: `--database-url` means that PostgreSQL database as given; otherwise a
 * PGlite folder (`--data-dir`, default bench/.data/pglite-<name>).
 */
export function targetFromArgs(
  name: string,
  databaseUrl: string | undefined,
  dataDir: string | undefined,
): DatabaseConfig {
  return databaseUrl
    ? { kind: "postgres", url: databaseUrl }
    : pgliteTarget(name, dataDir === undefined ? undefined : resolve(dataDir));
}
