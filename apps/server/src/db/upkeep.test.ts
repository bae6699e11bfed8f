import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeJobs } from "../jobs";
import { openTestDatabase } from "../testing/test-app";
import type { Database } from "./client";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** What the planner believes of the carts table, and when it was last vacuumed and analysed. */
async function cartsStatistics() {
  const result = (await database.db.execute(sql`
    select c.reltuples::int as rows, s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analysed
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'carts'`)) as unknown as {
    rows: { rows: number; vacuumed: boolean; analysed: boolean }[];
  };
  return result.rows[0];
}

describe.runIf(!process.env.DATABASE_URL)("the embedded database's upkeep", () => {
  it("refreshes the planner's statistics and vacuums, as autovacuum would on a server", async () => {
    await database.db.execute(sql`insert into carts (id) select gen_random_uuid() from generate_series(1, 500)`);
    expect(await cartsStatistics()).toMatchObject({ vacuumed: false, analysed: false });
    await database.upkeep!();
    const after = await cartsStatistics();
    expect(after).toMatchObject({ vacuumed: true, analysed: true });
    expect(after!.rows).toBeGreaterThanOrEqual(500);
  });

  it("is an hourly job only where the database has one (PGlite)", () => {
    const names = (upkeep?: () => Promise<void>) =>
      // The jobs' list reads only the courier simulators of the services; their runs are not started here.
      storeJobs(database.db, { shipping: { gateway: { simulators: new Map() } } } as never, 5_000, upkeep).map(
        (job) => [job.name, job.everyMs],
      );
    expect(names(database.upkeep)).toContainEqual(["embedded database upkeep", 3_600_000]);
    expect(names(undefined).map(([name]) => name)).not.toContain("embedded database upkeep");
  });
});
