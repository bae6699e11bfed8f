import type { Db } from "@store/server/db/client";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";

/** CPU milliseconds (user and system) the PostgreSQL backends of this database have used so far, by pid. */
export async function backendCpu(db: Db): Promise<Map<number, number>> {
  const result = (await db.execute(
    // The benchmark's own query runs on a pooled connection, which serves the shoppers too: it is counted.
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as { rows: { pid: number }[] };
  const ticksPerMs = 100 / 1000; // Linux's USER_HZ
  const cpu = new Map<number, number>();
  for (const { pid } of result.rows) {
    try {
      // After the command's closing parenthesis: the 3rd field (state) onwards; utime is the 14th, stime the 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    } catch {
      // A backend that ended meanwhile, or a database on another machine: nothing to read.
    }
  }
  return cpu;
}

/** CPU milliseconds the backends used between two readings (a backend gone by the second is not counted). */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
