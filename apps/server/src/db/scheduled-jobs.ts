import { eq, lte, sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * One row per scheduled job (jobs.ts): when it is next due for the whole cluster, so that of several
 * replicas ticking the same timer, one runs each period. Knows no job; only their names.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  /** The last run's error, null when it succeeded: for the operator reading the table. */
  lastError: text("last_error"),
});

/**
 * Claims this period's run of job `name` (every `everyMs`) for the caller: true for exactly one caller per
 * period however many replicas ask at once. One statement: the first use inserts the row (and wins); later
 * ones move `next_run_at` on only where it is due, and the row lock makes a second asker re-read it as not
 * due. No lock is held while the job runs. The next run is due a little before the period ends (a tenth,
 * at most two seconds), so the timer of the replica that ran it last, firing a few milliseconds early by
 * the database's clock, still finds it due rather than skipping a period.
 */
export async function claimJobRun(db: Db, name: string, everyMs: number): Promise<boolean> {
  const periodMs = everyMs - Math.min(everyMs / 10, 2_000);
  const next = sql`now() + ${`${periodMs} milliseconds`}::interval`;
  const won = await db
    .insert(scheduledJobs)
    .values({ name, nextRunAt: next, lastStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: scheduledJobs.name,
      set: { nextRunAt: next, lastStartedAt: sql`now()` },
      setWhere: lte(scheduledJobs.nextRunAt, sql`now()`),
    })
    .returning({ name: scheduledJobs.name });
  return won.length > 0;
}

/** After a claimed run: when it finished and its error (null: it succeeded). */
export async function recordJobRun(db: Db, name: string, error: string | null): Promise<void> {
  await db
    .update(scheduledJobs)
    .set({ lastFinishedAt: sql`now()`, lastError: error?.slice(0, 500) ?? null })
    .where(eq(scheduledJobs.name, name));
}
