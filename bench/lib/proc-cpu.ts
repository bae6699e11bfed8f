import type { Db } from "@store/server/db/client";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in ticks of 10 ms. */
const MS_PER_TICK = 1000 / 100;

/** CPU milliseconds (user and system) process `pid` has used so far; null when it is gone or not on this machine. */
export function processCpuMs(pid: number): number | null {
  try {
    // After the command's closing parenthesis: the 3rd field (state) onwards; utime is the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds the PostgreSQL backends serving database `name` (default: the one `db` is connected to)
 * have used so far, by pid. A pooled connection of `db` that serves shoppers too is counted with them.
 */
export async function backendCpu(db: Db, name?: string): Promise<Map<number, number>> {
  const result = (await db.execute(
    name === undefined
      ? sql`select pid from pg_stat_activity where datname = current_database()`
      : sql`select pid from pg_stat_activity where datname = ${name}`,
  )) as { rows: { pid: number }[] };
  const cpu = new Map<number, number>();
  for (const { pid } of result.rows) {
    // A backend that ended meanwhile, or a database on another machine: nothing to read.
    const ms = processCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

/** The CPU the backends used between two readings (a backend new since `before` counts from zero). */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
