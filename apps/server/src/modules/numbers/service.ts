import type { NumbersBatch, NumbersQuery, NumbersReport, NumbersSettings } from "@store/shared";
import { eq, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { addDays, istDayOf } from "../../lib/seller-time";
import type { ServiceLog } from "../../log";
import { createEventBuffer } from "./buffer";
import { rowsOf, stampOf } from "./record";
import { readReport } from "./reports";
import { rollUpDay } from "./rollup";
import { DEFAULT_RETENTION_DAYS, numbersEvents, numbersSettings } from "./tables";
import { createSalts, discardOldSalts, type Visitor } from "./visitor";

export type { Visitor } from "./visitor";

/**
 * The seller's numbers (decision 105): the browser's batches and the checkout's orders in, through the
 * buffer; the daily rollups and the reports out; the upkeep job's rollups, salts and retention.
 */
export function createNumbersService(db: Db, log: ServiceLog, buffering?: { flushMs?: number; maxRows?: number }) {
  const buffer = createEventBuffer(db, log, buffering);
  const salts = createSalts(db);
  const saltFor = (day: string) => salts.forDay(day);

  /** Rolls up the days still changing: today, and yesterday for a late payment or a buffer flushed after midnight. */
  async function rollUpRecent(now = new Date()): Promise<void> {
    await buffer.flush();
    const today = istDayOf(now);
    await rollUpDay(db, addDays(today, -1));
    await rollUpDay(db, today);
  }

  return {
    /** A browser's batch: recorded unless the visitor is a bot or declined tracking. Returns how many were kept. */
    async record(visitor: Visitor, batch: NumbersBatch, now = new Date()): Promise<number> {
      const stamp = await stampOf(visitor, saltFor, now);
      if (!stamp) return 0;
      buffer.push(rowsOf(batch, stamp, visitor.host));
      return batch.events.length;
    },
    /** The checkout opened an order: remembers its session, so its payment joins the shopper's visit. */
    async orderPlaced(visitor: Visitor, orderId: number, now = new Date()): Promise<void> {
      const stamp = await stampOf(visitor, saltFor, now);
      if (stamp) buffer.push([{ ...stamp, kind: "order_placed", orderId }]);
    },
    flush: () => buffer.flush(),
    rollUpRecent,
    async report(query: NumbersQuery): Promise<NumbersReport> {
      if (query.to >= addDays(istDayOf(new Date()), -1)) await rollUpRecent();
      return readReport(db, query);
    },
    /** The upkeep job: recent days rolled up, past days' salts thrown away, raw events past retention deleted. */
    async upkeep(now = new Date()) {
      await rollUpRecent(now);
      const salts = await discardOldSalts(db, now);
      const { retentionDays } = await readNumbersSettings(db);
      const cutoff = addDays(istDayOf(now), -retentionDays);
      // Each day about to lose its raw events is rolled up once more first (the job may have been stopped for days).
      const ending = await db
        .selectDistinct({ day: numbersEvents.day })
        .from(numbersEvents)
        .where(lt(numbersEvents.day, cutoff));
      for (const { day } of ending) await rollUpDay(db, day);
      const pruned = await db
        .delete(numbersEvents)
        .where(lt(numbersEvents.day, cutoff))
        .returning({ id: numbersEvents.id });
      return { salts, pruned: pruned.length };
    },
  };
}
export type NumbersService = ReturnType<typeof createNumbersService>;

export async function readNumbersSettings(db: Db | Tx): Promise<{ retentionDays: number }> {
  const [row] = await db
    .select({ retentionDays: numbersSettings.retentionDays })
    .from(numbersSettings)
    .where(eq(numbersSettings.id, 1));
  return { retentionDays: row?.retentionDays ?? DEFAULT_RETENTION_DAYS };
}

/** The seller's change of the retention days; returns the settings before and after (for the audit row). */
export async function writeNumbersSettings(tx: Tx, input: NumbersSettings) {
  const before = await readNumbersSettings(tx);
  await tx
    .insert(numbersSettings)
    .values({ id: 1, retentionDays: input.retention_days })
    .onConflictDoUpdate({
      target: numbersSettings.id,
      set: { retentionDays: input.retention_days, updatedAt: new Date() },
    });
  return { before, after: { retentionDays: input.retention_days } };
}
