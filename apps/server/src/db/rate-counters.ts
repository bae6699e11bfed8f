import { lt, sql, type SQL } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Limit } from "../config";
import type { Db, Tx } from "./client";

/**
 * Counts of things done per key (an address mailed, an order number looked up, a client) in a fixed window,
 * kept in the database so every replica sees one count. Knows no domain: its callers name the keys
 * ("cart-reminder:<address>"). Written only here.
 */
export const rateCounters = pgTable("rate_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** The window starts at its first count; the next count after this starts a new one. */
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

export type Taken = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one use of `key` if its window has room, in one statement: the upsert's row lock makes callers on
 * any replica take turns, so `max` is never passed. A full window changes nothing and answers how long until
 * it ends. `now` is the caller's clock, so a job swept "as of" a later time counts in that time. In the
 * caller's transaction when given one: a use rolled back is not counted.
 */
export async function takeFromLimit(db: Db | Tx, key: string, limit: Limit, now = new Date()): Promise<Taken> {
  const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
  const ended = sql`${rateCounters.windowEndsAt} <= ${at(now)}`;
  const windowEndsAt = new Date(now.getTime() + limit.windowMs);
  const [taken] = await db
    .insert(rateCounters)
    .values({ key, count: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${at(windowEndsAt)} else ${rateCounters.windowEndsAt} end`,
      },
      setWhere: sql`${ended} or ${rateCounters.count} < ${limit.max}`,
    })
    .returning({ count: rateCounters.count });
  if (taken) return { allowed: true };
  const [full] = await db
    .select({ endsAt: rateCounters.windowEndsAt })
    .from(rateCounters)
    .where(sql`${rateCounters.key} = ${key}`);
  const left = (full?.endsAt.getTime() ?? now.getTime()) - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
}

/** For a query: true where the window of the key `key` (an SQL expression) is full as of `now`. */
export function limitReached(key: SQL, limit: Limit, now: Date): SQL {
  return sql`exists (select 1 from ${rateCounters} where ${rateCounters.key} = ${key} and ${rateCounters.windowEndsAt} > ${now.toISOString()}::timestamptz and ${rateCounters.count} >= ${limit.max})`;
}

/** Housekeeping: windows that ended over a day ago count nothing any more. */
export async function deleteEndedRateCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateCounters)
    .where(lt(rateCounters.windowEndsAt, sql`now() - interval '1 day'`))
    .returning({ key: rateCounters.key });
  return rows.length;
}
