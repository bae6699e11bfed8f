import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
};

/**
 * Tells which tables' contents changed since the last look. A fingerprint of every row of every table
 * (md5 over the rows' text, in order) is exact but costs a scan of the whole database, so it is taken only
 * when a write may have happened: every writing transaction, committed or not, takes a transaction id, and
 * the snapshot's xmax (the next id to hand out) is unchanged when none did. Most refused requests never
 * write, and then the look costs one tiny query.
 */
export async function watchRowChanges(db: Db) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).map((row) => row.name);
  const fingerprintQuery = sql.raw(
    tables
      .map(
        (table) =>
          `select '${table}' as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as hash from "${table}" r`,
      )
      .join(" union all "),
  );

  const nextTransactionId = async () =>
    rowsOf<{ xmax: string }>(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`))[0]
      ?.xmax;
  const fingerprints = async () =>
    new Map(
      rowsOf<{ name: string; hash: string }>(await db.execute(fingerprintQuery)).map((row) => [row.name, row.hash]),
    );

  let mark = await nextTransactionId();
  let known = await fingerprints();
  const stats = { looks: 0, scans: 0 };

  return {
    stats,
    /** Tables whose rows differ from the previous call (or from the start). */
    async changedTables(): Promise<string[]> {
      stats.looks += 1;
      const now = await nextTransactionId();
      if (now === mark) return [];
      mark = now;
      stats.scans += 1;
      const current = await fingerprints();
      const changed = tables.filter((table) => current.get(table) !== known.get(table));
      known = current;
      return changed;
    },
  };
}
