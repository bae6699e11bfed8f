import type pg from "pg";

/** pool.end() resolves before its sockets are gone; wait for them rather than killing them mid-close. */
export async function waitForNoSessions(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
