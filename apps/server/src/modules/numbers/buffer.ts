import type { Db } from "../../db/client";
import type { ServiceLog } from "../../log";
import { numbersEvents } from "./tables";

export type EventRow = typeof numbersEvents.$inferInsert;

/**
 * Events wait in memory and are written together, one multi-row insert per flush: every `flushMs`, or at
 * once when `maxRows` are waiting. A request that sends events only pushes to an array. What is waiting when
 * a process dies is lost: a few seconds of counts, never an order (paid orders are written in their own
 * transaction, `paid.ts`).
 */
export function createEventBuffer(db: Db, log: ServiceLog, { flushMs = 2000, maxRows = 500 } = {}) {
  let waiting: EventRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = waiting;
    waiting = [];
    if (rows.length > 0) {
      writing = writing.then(() =>
        db
          .insert(numbersEvents)
          .values(rows)
          .then(() => undefined)
          .catch((err: unknown) => log.error({ err, events: rows.length }, "numbers: events not written")),
      );
    }
    return writing;
  }

  return {
    push(rows: EventRow[]): void {
      waiting.push(...rows);
      if (waiting.length >= maxRows) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs).unref();
    },
    /** Writes what is waiting; resolves when every write so far has ended. */
    flush,
  };
}
