import { sql, type SQL } from "drizzle-orm";

/** The comment that keeps a statement unprepared (db/preparing-client.ts): see plannedPerRun. */
export const PLANNED_PER_RUN = "/* planned per run */";

/**
 * Marks the statement holding `fragment` as one PostgreSQL must plan for the values of each run. A named
 * prepared statement is planned for its values five times, then PostgreSQL may keep one generic plan for any
 * value: right for a cart's "this line of this cart", wrong where the best plan depends on the value itself.
 * A search for "cotton" (40% of the products) stops a sequential scan after 1,001 matches in 1-3 ms; the
 * generic plan, made for no word in particular, builds a bitmap of all 41,000 matches first: 12 ms
 * (decision 055). PGlite prepares its statements the same way (decision 056), so the same holds there.
 */
export function plannedPerRun(fragment: SQL): SQL {
  return sql`${sql.raw(PLANNED_PER_RUN)} ${fragment}`;
}
