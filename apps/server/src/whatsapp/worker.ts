import { and, asc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import type { ServiceLog } from "../log";
import type { WhatsAppSender } from "./cloud-api";
import { whatsappOutbox } from "./tables";
import { isTemplate, OPT_OUT_PARAMETER, renderTemplate, STORE_URL_PARAMETER } from "./templates";

const BATCH = 20;
const MAX_ATTEMPTS = 5;

type OutboxRow = typeof whatsappOutbox.$inferSelect;

/** The recipient's signed opt-out link (the accounts module signs it; services.ts hands it in). */
export type WhatsAppOptOutLink = (to: string) => Promise<string>;

/** No Cloud API and no simulator (production without keys): the message is written to the log, like e-mail without SMTP. */
export function logSender(log: ServiceLog): WhatsAppSender {
  return {
    kind: "log",
    send: async (message) => {
      const text = isTemplate(message.template) ? renderTemplate(message.template, message.parameters) : "";
      log.info(
        { to: message.to, template: message.template, text },
        "WhatsApp message (not configured: logged, not sent)",
      );
      return null;
    },
  };
}

/**
 * Hands pending WhatsApp messages to the sender, exactly as the e-mail outbox does (email/worker.ts, decision
 * 031): one statement claims a batch with SKIP LOCKED and a lease, each message is sent outside any
 * transaction with its lease renewed, and marked only while still this claim's; a refusal is kept with its
 * error and retried, `failed` after 5 attempts. A failure never reaches the order that queued the message.
 */
export function createWhatsAppWorker(
  db: Db,
  options: {
    sender: WhatsAppSender;
    log: ServiceLog;
    optOutLink: WhatsAppOptOutLink;
    storeUrl?: () => string;
    leaseSeconds?: number;
  },
) {
  const leaseMs = (options.leaseSeconds ?? 60) * 1000;
  const leaseEnd = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  const leaseOver = and(eq(whatsappOutbox.status, "sending"), lt(whatsappOutbox.leaseUntil, sql`now()`));
  const stillOurs = (row: OutboxRow) =>
    and(eq(whatsappOutbox.id, row.id), eq(whatsappOutbox.status, "sending"), eq(whatsappOutbox.attempts, row.attempts));

  async function claim(): Promise<OutboxRow[]> {
    await db
      .update(whatsappOutbox)
      .set({
        status: "failed",
        leaseUntil: null,
        lastError: sql`coalesce(${whatsappOutbox.lastError}, 'worker stopped mid-send')`,
      })
      .where(and(leaseOver, gte(whatsappOutbox.attempts, MAX_ATTEMPTS)));
    const due = db
      .select({ id: whatsappOutbox.id })
      .from(whatsappOutbox)
      .where(and(or(eq(whatsappOutbox.status, "pending"), leaseOver), lt(whatsappOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(whatsappOutbox.createdAt), asc(whatsappOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(whatsappOutbox)
      .set({ status: "sending", leaseUntil: leaseEnd(), attempts: sql`${whatsappOutbox.attempts} + 1` })
      .where(inArray(whatsappOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  async function mark(row: OutboxRow, change: PgUpdateSetSource<typeof whatsappOutbox>, lease = false) {
    const kept = await db
      .update(whatsappOutbox)
      .set(lease ? change : { ...change, leaseUntil: null })
      .where(stillOurs(row))
      .returning({ id: whatsappOutbox.id });
    return kept.length > 0;
  }

  /** The opt-out link signed for the recipient, and the store's address in links to our pages. */
  async function parametersOf(row: OutboxRow): Promise<string[]> {
    const link = row.parameters.includes(OPT_OUT_PARAMETER) ? await options.optOutLink(row.to) : "";
    const store = options.storeUrl?.() ?? "";
    return row.parameters.map((p) => (p === OPT_OUT_PARAMETER ? link : p.replaceAll(STORE_URL_PARAMETER, store)));
  }

  async function deliverPending(): Promise<{ delivered: number; failed: number }> {
    let delivered = 0;
    let failed = 0;
    for (const row of await claim()) {
      // A turn of the event loop before each message: on PGlite the run's statements never give one (decision 109).
      await new Promise((resolve) => setImmediate(resolve));
      if (!(await mark(row, { leaseUntil: leaseEnd() }, true))) continue;
      let messageId: string | null;
      try {
        messageId = await options.sender.send({
          to: row.to,
          template: row.template,
          language: row.language,
          parameters: await parametersOf(row),
        });
      } catch (err) {
        failed++;
        const lastError = err instanceof Error ? err.message : String(err);
        options.log.warn(
          { to: row.to, attempts: row.attempts, err: lastError },
          "WhatsApp message not sent; will retry",
        );
        await mark(row, { lastError, status: row.attempts >= MAX_ATTEMPTS ? "failed" : "pending" });
        continue;
      }
      delivered++;
      await mark(row, { status: "sent", sentAt: sql`now()`, lastError: null, providerMessageId: messageId });
    }
    return { delivered, failed };
  }

  return { senderKind: options.sender.kind, deliverPending };
}
