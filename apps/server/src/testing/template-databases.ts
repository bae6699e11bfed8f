/**
 * The API ring's global set-up (vitest.config.ts): builds two template databases once per run, one
 * migrated and one migrated and seeded with the demo catalogue, so that each test file copies one instead
 * of starting an empty database, running the 15 migrations and seeding (docs/decisions/032-faster-api-ring.md).
 * PGlite: a dump of each written to a temporary folder (a new PGlite loads one with `loadDataDir`, which
 * also skips its initdb, the slowest part of opening). PostgreSQL: two databases, copied with `create database
 * ... template`. Every test file still gets a database of its own; test-app.ts opens it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, type Database } from "../db/client";
import { seedDemoData } from "../seed/seed";
import { waitForNoSessions } from "./sessions";

/** What the test files receive (`inject("testDatabases")`): where each template is. */
interface TestDatabaseTemplates {
  /** PGlite: the dump files; PostgreSQL: the template databases' names. */
  migrated: string;
  seeded: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabases: TestDatabaseTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  const made = url ? await postgresTemplates(url) : await pgliteTemplates();
  project.provide("testDatabases", made.templates);
  return made.teardown;
}

async function pgliteTemplates() {
  const folder = mkdtempSync(join(tmpdir(), "store-test-db-"));
  const database = await openDatabase({ kind: "pglite" });
  try {
    const dump = async (name: string) => {
      const path = join(folder, `${name}.tar`);
      // Uncompressed: the copies are read once per test file, and unpacking gzip costs more than the disk read.
      writeFileSync(path, Buffer.from(await (await database.dump!()).arrayBuffer()));
      return path;
    };
    await database.migrate();
    const migrated = await dump("migrated");
    await seedDemoData(database.db);
    const seeded = await dump("seeded");
    return { templates: { migrated, seeded }, teardown: async () => rmSync(folder, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

async function postgresTemplates(url: string) {
  const prefix = `store_test_template_${randomBytes(4).toString("hex")}`;
  const templates = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
  const prepare = async (name: string, template: string | undefined, work: (database: Database) => Promise<void>) => {
    await withAdmin(url, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ""}`));
    const database = await openDatabase({ kind: "postgres", url: databaseUrl(url, name) });
    try {
      await work(database);
    } finally {
      await database.close();
    }
    // A template cannot be copied while anyone is connected to it.
    await withAdmin(url, (admin) => waitForNoSessions(admin, name));
  };
  await prepare(templates.migrated, undefined, (database) => database.migrate());
  await prepare(templates.seeded, templates.migrated, (database) => seedDemoData(database.db));
  return {
    templates,
    teardown: () =>
      withAdmin(url, async (admin) => {
        for (const name of Object.values(templates)) await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const result = new URL(url);
  result.pathname = `/${name}`;
  return result.toString();
}

export async function withAdmin<T>(url: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}
