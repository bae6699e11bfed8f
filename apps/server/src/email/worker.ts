import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { ServiceLog } from "../log";
import { emailOutbox } from "./tables";
import { createMailTransport, type MailTransport } from "./transport";

const BATCH = 20;
const MAX_ATTEMPTS = 5;

export interface OutboxDelivery {
  /** Rows handed to the transport in this run. */
  delivered: number;
  /** Rows the transport refused this time (retried later, up to MAX_ATTEMPTS). */
  failed: number;
}

/**
 * Hands pending outbox rows to the mail transport: SMTP when SMTP_URL is set, otherwise the server log.
 * Rows are claimed with SKIP LOCKED, so several replicas can run the worker without sending twice; a
 * refused e-mail keeps its error and is retried, and gives up (status failed) after MAX_ATTEMPTS.
 */
export function createOutboxWorker(
  db: Db,
  options: { smtpUrl?: string; from?: string; log: ServiceLog; transport?: MailTransport },
) {
  const transport = options.transport ?? createMailTransport(options);

  async function deliverPending(): Promise<OutboxDelivery> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, "pending"), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      let delivered = 0;
      for (const row of rows) {
        try {
          await transport.send(row);
          await tx
            .update(emailOutbox)
            .set({ status: "sent", sentAt: sql`now()`, attempts: row.attempts + 1, lastError: null })
            .where(eq(emailOutbox.id, row.id));
          delivered++;
        } catch (err) {
          const attempts = row.attempts + 1;
          const lastError = err instanceof Error ? err.message : String(err);
          options.log.warn({ to: row.to, attempts, err: lastError }, "e-mail not sent; will retry");
          await tx
            .update(emailOutbox)
            .set({ attempts, lastError, status: attempts >= MAX_ATTEMPTS ? "failed" : "pending" })
            .where(eq(emailOutbox.id, row.id));
        }
      }
      return { delivered, failed: rows.length - delivered };
    });
  }

  return {
    transportKind: transport.kind,
    deliverPending,
    close: () => transport.close(),
  };
}
