import { sql } from "drizzle-orm";
import { cp, mkdtemp, open, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { StartupError } from "../errors";
import { seedDemoData } from "../seed/seed";
import { testConfig } from "../testing/test-app";
import { runServerScript } from "../testing/processes";
import { openDatabase } from "./client";
import { openAndMigrate } from "./prepare";

let root: string;
let pristine: string;
let productsFile: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "damaged-folder-"));
  pristine = join(root, "pristine");
  const database = await openAndMigrate({ kind: "pglite", dataDir: pristine });
  await seedDemoData(database.db);
  const { rows } = (await database.db.execute(sql`select pg_relation_filepath('products') as path`)) as unknown as {
    rows: { path: string }[];
  };
  productsFile = rows[0]?.path ?? "";
  await database.close();
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/** A copy of the good folder, damaged by `harm`; answers the copy's path. */
async function damagedCopy(name: string, harm: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(root, name);
  await cp(pristine, dir, { recursive: true });
  await harm(dir);
  return dir;
}

/** Overwrites the first bytes of a file with noise, as a torn write or a bad disk would. */
async function scribble(file: string, bytes: number): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.write(Buffer.alloc(bytes, 0x5a), 0, bytes, 0);
  } finally {
    await handle.close();
  }
}

async function startupError(dataDir: string): Promise<string> {
  const error = await openAndMigrate({ kind: "pglite", dataDir }).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(StartupError);
  return (error as StartupError).message;
}

describe("a damaged embedded database folder", () => {
  it("with an unreadable table: start-up names the folder, the table and what to do", async () => {
    const dir = await damagedCopy("table", (d) => scribble(join(d, productsFile), 8192));
    const message = await startupError(dir);
    expect(message).toContain(`The embedded database in ${dir} cannot be used`);
    expect(message).toContain('reading table "products" failed (invalid page in block 0');
    expect(message).toContain(`mv "${dir}" "${dir}.damaged"`);
  });

  it("with an unreadable table: readiness reads the core tables and answers 503, not ready", async () => {
    const dir = await damagedCopy("ready", (d) => scribble(join(d, productsFile), 8192));
    // Opened without the start-up check, as a server whose folder was damaged while it ran.
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      const res = await app.inject("/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: "The database cannot serve: its tables could not be read.",
        code: "NOT_READY",
        errors: [],
      });
    } finally {
      await app.close();
    }
  });

  it("with a damaged write-ahead log: the server says what is wrong and where instead of a bare RuntimeError", async () => {
    const dir = await damagedCopy("wal", async (d) => {
      const [segment] = (await readdir(join(d, "pg_wal"))).filter((f) => /^[0-9A-F]{24}$/.test(f));
      await scribble(join(d, "pg_wal", segment ?? ""), 65_536);
    });
    const message = await startupError(dir);
    expect(message).toContain(`The embedded database in ${dir} cannot be used: PGlite: `);

    // The real server process (`npm start`), on DATA_DIR whose pglite folder is this one.
    const dataDir = join(root, "wal-server");
    await cp(dir, join(dataDir, "pglite"), { recursive: true });
    const server = runServerScript("server.ts", [], { DATA_DIR: dataDir, PORT: "0", SEED_DEMO: "false" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("The store cannot start.");
    expect(server.output()).toContain(`The embedded database in ${join(dataDir, "pglite")} cannot be used`);
    expect(server.output()).not.toMatch(/^\s+at /m);
  }, 120_000);

  it("without PG_VERSION: refused, and the files in it are left as they were", async () => {
    const dir = await damagedCopy("foreign", (d) => rm(join(d, "PG_VERSION")));
    await writeFile(join(dir, "notes.txt"), "not a database");
    const before = (await readdir(dir)).sort();
    const message = await startupError(dir);
    expect(message).toContain("no PG_VERSION file");
    expect((await readdir(dir)).sort()).toEqual(before);
  });
});
