import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runServerScript } from "../testing/processes";
import { openDatabase } from "./client";
import { MIGRATION_LOCK_KEY } from "./postgres";

const baseUrl = process.env.DATABASE_URL;
const journal = JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
  entries: unknown[];
};
const MIGRATIONS = journal.entries.length;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const dropAfter: string[] = [];
afterAll(async () => {
  if (!baseUrl) return;
  for (const name of dropAfter)
    await withClient(baseUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
});

/** A new, empty (never migrated) PostgreSQL database beside DATABASE_URL's. */
async function freshDatabase(): Promise<string> {
  const name = `store_migrate_${randomBytes(6).toString("hex")}`;
  await withClient(baseUrl!, (admin) => admin.query(`create database ${name}`));
  dropAfter.push(name);
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

const appliedCounts = (url: string) =>
  withClient(
    url,
    async (client) =>
      (
        await client.query<{ hash: string; n: number }>(
          "select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash",
        )
      ).rows,
  );

describe.skipIf(!baseUrl)("migrations on PostgreSQL: under an advisory lock", () => {
  it("several `npm run db:migrate` started at once on a fresh database all succeed, and each migration is applied once", async () => {
    const url = await freshDatabase();
    const runs = Array.from({ length: 4 }, () => runServerScript("cli/db-migrate.ts", [], { DATABASE_URL: url }));
    const codes = await Promise.all(runs.map((run) => run.exited));
    expect(codes, runs.map((run) => run.output()).join("\n")).toEqual([0, 0, 0, 0]);
    const applied = await appliedCounts(url);
    expect(applied).toHaveLength(MIGRATIONS);
    expect(applied.every((row) => row.n === 1)).toBe(true);
  }, 120_000);

  it("waits for whoever holds the lock, then migrates on its own dedicated connection and lets the lock go", async () => {
    const url = await freshDatabase();
    await withClient(url, async (holder) => {
      await holder.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
      const database = await openDatabase({ kind: "postgres", url });
      try {
        const migrating = database.migrate();
        // Blocked on our key: PostgreSQL shows its request as not granted.
        const waiting = async () =>
          (await holder.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted"))
            .rows[0].n as number;
        while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await holder.query("select to_regclass('drizzle.__drizzle_migrations') as t")).rows[0].t).toBeNull();

        await holder.query("select pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK_KEY]);
        await migrating;
        expect(await appliedCounts(url)).toHaveLength(MIGRATIONS);
        const held = await holder.query("select count(*)::int as n from pg_locks where locktype = 'advisory'");
        expect(held.rows[0].n).toBe(0);
      } finally {
        await database.close();
      }
    });
  }, 60_000);
});

describe.skipIf(baseUrl)("`npm run db:migrate` on the embedded database", () => {
  it("creates and migrates a fresh DATA_DIR, then exits", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "db-migrate-"));
    try {
      const run = runServerScript("cli/db-migrate.ts", [], { DATA_DIR: dataDir });
      expect(await run.exited, run.output()).toBe(0);
      expect(run.output()).toContain(`the embedded database at ${join(dataDir, "pglite")} is up to date`);
      const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
      try {
        const { rows } = (await database.db.execute(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        )) as unknown as { rows: { n: number }[] };
        expect(rows[0]?.n).toBe(MIGRATIONS);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
