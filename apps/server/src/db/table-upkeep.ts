import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * PostgreSQL's own autovacuum thresholds (its defaults): a table is analysed once more than 50 rows plus a
 * tenth of it changed since its last analysis, and vacuumed once more than 50 rows plus a fifth of it are
 * dead. Kept as data here, so the rule reads like the documentation's (PostgreSQL 15, section 25.1.6).
 */
export const UPKEEP_THRESHOLDS = {
  analyze: { rows: 50, shareOfTable: 0.1 },
  vacuum: { rows: 50, shareOfTable: 0.2 },
} as const;

export interface TableUpkeep {
  analyzed: string[];
  vacuumed: string[];
}

/**
 * What autovacuum would do now, done by the caller: PGlite runs PostgreSQL inside this process, without
 * autovacuum's workers, so nothing else keeps its tables' statistics and dead rows in hand. Without it the
 * planner goes on planning with the row counts the first start left, whatever the tables have grown to,
 * and an updated row's old versions stay until a vacuum. The counts come from PostgreSQL's statistics
 * (`pg_stat_user_tables`), which a session reports about a second after its writes. Each table is done in a
 * statement of its own, with a turn of the event loop between them: on PGlite a statement holds the loop.
 */
export async function keepTablesUp(db: Db): Promise<TableUpkeep> {
  const { analyze, vacuum } = UPKEEP_THRESHOLDS;
  // reltuples is -1 for a table never analysed: counted as empty, so its first 50 changes analyse it.
  const { rows: due } = (await db.execute(sql`
    select s.schemaname as schema, s.relname as table,
      s.n_dead_tup > ${vacuum.rows} + ${vacuum.shareOfTable} * greatest(c.reltuples, 0) as vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.n_mod_since_analyze > ${analyze.rows} + ${analyze.shareOfTable} * greatest(c.reltuples, 0)
      or s.n_dead_tup > ${vacuum.rows} + ${vacuum.shareOfTable} * greatest(c.reltuples, 0)
    order by s.relid`)) as { rows: { schema: string; table: string; vacuum: boolean }[] };
  const done: TableUpkeep = { analyzed: [], vacuumed: [] };
  for (const row of due) {
    await new Promise((resolve) => setImmediate(resolve));
    const table = sql`${sql.identifier(row.schema)}.${sql.identifier(row.table)}`;
    // A vacuum analyses too: one pass over the table for both.
    await db.execute(row.vacuum ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
    done.analyzed.push(row.table);
    if (row.vacuum) done.vacuumed.push(row.table);
  }
  return done;
}
