import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app";
import { loadConfig } from "../config";
import { storeJobs } from "../jobs";
import { keepTablesUp, type TableUpkeep } from "./table-upkeep";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

const TABLE = "upkeep_rows";

/** What PostgreSQL's planner knows of the table: its row count as of the last analysis (-1: never). */
async function plannerRows(): Promise<number> {
  const { rows } = (await app.database.db.execute(sql`select reltuples from pg_class where relname = ${TABLE}`)) as {
    rows: { reltuples: number }[];
  };
  return Number(rows[0]!.reltuples);
}

/** Upkeep until it does something to the table: a session reports its writes' counts about a second later. */
async function upkeepUntilDone(kind: keyof TableUpkeep): Promise<TableUpkeep> {
  for (let tries = 0; tries < 40; tries++) {
    const done = await keepTablesUp(app.database.db);
    if (done[kind].includes(TABLE)) return done;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${TABLE} was never ${kind}`);
}

describe("table upkeep (decision 116)", () => {
  it("analyses a table that grew and vacuums one with dead rows, at autovacuum's thresholds", async () => {
    const db = app.database.db;
    await db.execute(
      sql`create table upkeep_rows (id integer primary key, word text not null) with (autovacuum_enabled = false)`,
    );
    await db.execute(sql`insert into upkeep_rows select g, 'cotton' from generate_series(1, 40) g`);
    await db.execute(sql`analyze upkeep_rows`);
    expect(await plannerRows()).toBe(40);

    // 2,000 new rows: far past 50 + a tenth of 40, so it is analysed, and the planner learns the new count.
    await db.execute(sql`insert into upkeep_rows select g, 'silk' from generate_series(41, 2040) g`);
    const grown = await upkeepUntilDone("analyzed");
    expect(grown.vacuumed).not.toContain(TABLE);
    expect(await plannerRows()).toBe(2040);
    // Just analysed: not due again.
    expect((await keepTablesUp(db)).analyzed).not.toContain(TABLE);

    // 1,000 rows deleted: past 50 + a fifth of 2,040 dead rows, so it is vacuumed (and analysed with it).
    await db.execute(sql`delete from upkeep_rows where id > 1040`);
    const cleared = await upkeepUntilDone("vacuumed");
    expect(cleared.analyzed).toContain(TABLE);
    expect(await plannerRows()).toBe(1040);
  });

  it("is a job on the embedded database only: PostgreSQL has its own autovacuum", () => {
    const names = (embedded: boolean) =>
      storeJobs(app.database.db, app.services, loadConfig({}).outboxEveryMs, embedded).map((job) => job.name);
    expect(names(true)).toContain("table upkeep");
    expect(names(false)).not.toContain("table upkeep");
  });
});
