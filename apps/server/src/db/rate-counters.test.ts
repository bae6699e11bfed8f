import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-app";
import type { Database } from "./client";
import { deleteEndedRateCounters, limitReached, rateCounters, takeFromLimit } from "./rate-counters";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const HOUR = 3_600_000;
const limit = { max: 3, windowMs: HOUR };
const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);

async function reached(key: string, now: Date): Promise<boolean> {
  const [row] = await database.db
    .select({ full: sql<boolean>`${limitReached(sql`${key}`, limit, now)}` })
    .from(sql`(select 1) as one`);
  return Boolean(row?.full);
}

describe("takeFromLimit", () => {
  it("counts up to the limit in a window, refuses beyond it without counting, and starts a new window after", async () => {
    const key = "test:window";
    for (let i = 0; i < limit.max; i++)
      expect(await takeFromLimit(database.db, key, limit, at(i * 1000))).toEqual({ allowed: true });
    expect(await reached(key, at(10_000))).toBe(true);
    // The window began at the first count: half an hour into it, half an hour is left.
    expect(await takeFromLimit(database.db, key, limit, at(HOUR / 2))).toEqual({
      allowed: false,
      retryAfterSeconds: 1800,
    });
    const [row] = await database.db
      .select()
      .from(rateCounters)
      .where(sql`${rateCounters.key} = ${key}`);
    expect(row?.count).toBe(limit.max);

    expect(await takeFromLimit(database.db, key, limit, at(HOUR))).toEqual({ allowed: true });
    expect(await reached(key, at(HOUR))).toBe(false);
    const [renewed] = await database.db
      .select()
      .from(rateCounters)
      .where(sql`${rateCounters.key} = ${key}`);
    expect(renewed).toMatchObject({ count: 1, windowEndsAt: at(2 * HOUR) });
  });

  it("never lets callers racing on one key past the limit", async () => {
    const taken = await Promise.all(
      Array.from({ length: 10 }, () => takeFromLimit(database.db, "test:race", limit, at(0))),
    );
    expect(taken.filter((t) => t.allowed)).toHaveLength(limit.max);
  });

  it("counts nothing when the caller's transaction rolls back", async () => {
    await database.db
      .transaction(async (tx) => {
        await takeFromLimit(tx, "test:rolled-back", limit, at(0));
        tx.rollback();
      })
      .catch(() => undefined);
    const rows = await database.db
      .select()
      .from(rateCounters)
      .where(sql`${rateCounters.key} = 'test:rolled-back'`);
    expect(rows).toEqual([]);
  });

  it("is forgotten by housekeeping a day after its window ended", async () => {
    const long = Date.now() - 2 * 24 * HOUR;
    await takeFromLimit(database.db, "test:old", limit, new Date(long));
    await takeFromLimit(database.db, "test:recent", limit, new Date());
    expect(await deleteEndedRateCounters(database.db)).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select({ key: rateCounters.key }).from(rateCounters)).map((r) => r.key);
    expect(keys).not.toContain("test:old");
    expect(keys).toContain("test:recent");
  });
});
