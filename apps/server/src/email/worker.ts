import { SELLER } from "@store/shared";
import { and, asc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import type { ServiceLog } from "../log";
import { OPT_OUT_TAG, STORE_URL_TAG, type Letter } from "./letter";
import { emailOutbox } from "./tables";
import { createMailTransport, type FileAttachment, type MailMessage, type MailTransport } from "./transport";

const BATCH = 20;
const MAX_ATTEMPTS = 5;
/** How long a claimed e-mail is its worker's when nobody says otherwise (OUTBOX_LEASE_SECONDS). */
const DEFAULT_LEASE_SECONDS = 60;
/** What stays of a sent e-mail whose letter asked to be forgotten (a gift card's code is kept nowhere). */
const FORGOTTEN = { text: "(Sent. Its words are not kept: they carried a gift card code.)", html: null, letter: null };

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Where attachments' bytes come from, by kind (`invoice`: the tax invoice's PDF by invoice id). The worker knows
 * no domain: services.ts hands these in. A kind without a source, or a source that throws, fails the attempt
 * like a refused send (retried, then `failed`): an e-mail never goes out without the document it announces.
 */
export type AttachmentSources = Record<string, (id: number) => Promise<Buffer>>;

const CONTENT_TYPES: Record<string, string> = { pdf: "application/pdf", csv: "text/csv", zip: "application/zip" };
const contentTypeOf = (filename: string) =>
  CONTENT_TYPES[filename.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

async function filesOf(row: OutboxRow, sources: AttachmentSources): Promise<FileAttachment[]> {
  const files: FileAttachment[] = [];
  for (const { kind, id, filename } of row.attachments) {
    const source = sources[kind];
    if (!source) throw new Error(`No source for "${kind}" attachments (${filename}): not sent without it`);
    files.push({ filename, content: await source(id), contentType: contentTypeOf(filename) });
  }
  return files;
}

/**
 * The recipient's signed opt-out link, for order updates (their text carries OPT_OUT_TAG). services.ts hands it
 * in (the accounts module signs it); without it (a worker built alone), the link is a mail to the seller.
 */
export type OptOutLink = (to: string) => Promise<string>;

const askTheSeller: OptOutLink = async () =>
  `mailto:${SELLER.supportEmail}?subject=${encodeURIComponent("Stop order updates")}`;

/**
 * react-email and its renderer, loaded when first needed: by the server before it listens (warm-up.ts), by
 * a worker or a command with the first letter it sends.
 */
export const loadLetterRenderer = () => import("./html");

/** A letter's HTML part. */
async function drawHtml(letter: Letter): Promise<string> {
  const { htmlOf } = await loadLetterRenderer();
  return htmlOf(letter);
}

/** The message as the transport sends it: the merge tags filled in (the opt-out link for an order update). */
async function messageOf(
  row: OutboxRow,
  attachments: FileAttachment[],
  optOutLink: OptOutLink,
  storeUrl: string,
): Promise<MailMessage> {
  const withStore = (part: string) => part.replaceAll(STORE_URL_TAG, storeUrl);
  const message: MailMessage = { to: row.to, subject: row.subject, text: withStore(row.text), attachments };
  const html = row.html ?? (row.letter ? await drawHtml(row.letter) : null);
  if (html) message.html = withStore(html);
  if (!row.text.includes(OPT_OUT_TAG)) return message;
  const url = await optOutLink(row.to);
  // Both parts carry the tag; in the HTML it sits in an href, so its ampersands are escaped there.
  message.text = message.text.replaceAll(OPT_OUT_TAG, url);
  if (message.html) message.html = message.html.replaceAll(OPT_OUT_TAG, url.replaceAll("&", "&amp;"));
  return { ...message, unsubscribeUrl: url };
}

export interface OutboxDelivery {
  /** Rows handed to the transport in this run. */
  delivered: number;
  /** Rows the transport refused this time (retried later, up to MAX_ATTEMPTS). */
  failed: number;
}

/**
 * Hands pending outbox rows to the mail transport: SMTP when SMTP_URL is set, otherwise the server log.
 * Safe on any number of replicas at once, and no transaction stays open across the network:
 * 1. one statement claims a batch (SKIP LOCKED, so two workers take different rows): each row becomes
 *    `sending` with a lease and one more attempt, and the claim commits at once;
 * 2. each row is sent outside any transaction, with at least three quarters of a lease left (renewed just before
 *    when the batch has taken longer, so the lease covers one send, not the batch); a worker that died mid-send
 *    leaves a row whose lease runs out, and another claims it;
 * 3. one statement marks it `sent`, or `pending` with its error (`failed` after MAX_ATTEMPTS), only while
 *    the row is still this claim's (`sending` with the attempt number it was claimed at), so a late worker
 *    whose lease ran out and whose row was claimed again changes nothing.
 * Attachments and a letter's HTML part are made just before their e-mail is sent (AttachmentSources); one that
 * cannot be made fails the attempt. Each e-mail is sent once; only a worker that dies between the send and its mark (or a send that outlasts
 * the lease) lets the e-mail go out twice, which no SMTP client can rule out.
 */
export function createOutboxWorker(
  db: Db,
  options: {
    smtpUrl?: string;
    from?: string;
    log: ServiceLog;
    transport?: MailTransport;
    leaseSeconds?: number;
    attachments?: AttachmentSources;
    optOutLink?: OptOutLink;
    /** The store's address for STORE_URL_TAG, read per send (tests learn it after listening). */
    storeUrl?: () => string;
  },
) {
  const leaseMs = (options.leaseSeconds ?? DEFAULT_LEASE_SECONDS) * 1000;
  // An SMTP exchange that stalls gives up well within the lease, so the row is not claimed again meanwhile.
  const transport = options.transport ?? createMailTransport({ ...options, timeoutMs: leaseMs / 2 });
  const leaseEnd = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  const leaseOver = and(eq(emailOutbox.status, "sending"), lt(emailOutbox.leaseUntil, sql`now()`));
  /** Still the claim this worker made: nobody has claimed the row again or marked it since. */
  const stillOurs = (row: OutboxRow) =>
    and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending"), eq(emailOutbox.attempts, row.attempts));

  async function claim(): Promise<OutboxRow[]> {
    // Sent on their last attempt by a worker that never came back: given up, not tried a sixth time.
    await db
      .update(emailOutbox)
      .set({
        status: "failed",
        leaseUntil: null,
        lastError: sql`coalesce(${emailOutbox.lastError}, 'worker stopped mid-send')`,
      })
      .where(and(leaseOver, gte(emailOutbox.attempts, MAX_ATTEMPTS)));
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(or(eq(emailOutbox.status, "pending"), leaseOver), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(emailOutbox)
      .set({ status: "sending", leaseUntil: leaseEnd(), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(inArray(emailOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** True when the row is still ours, its lease now starting again; false when another worker has it. */
  async function renew(row: OutboxRow): Promise<boolean> {
    const kept = await db
      .update(emailOutbox)
      .set({ leaseUntil: leaseEnd() })
      .where(stillOurs(row))
      .returning({ id: emailOutbox.id });
    return kept.length > 0;
  }

  async function mark(row: OutboxRow, change: PgUpdateSetSource<typeof emailOutbox>): Promise<void> {
    const marked = await db
      .update(emailOutbox)
      .set({ ...change, leaseUntil: null })
      .where(stillOurs(row))
      .returning({ id: emailOutbox.id });
    if (marked.length === 0) {
      options.log.warn({ to: row.to, attempts: row.attempts }, "e-mail lease ran out mid-send; another worker has it");
    }
  }

  /** One claimed batch: its rows sent, refused or left to the worker that claimed them meanwhile. */
  async function deliverBatch(): Promise<OutboxDelivery & { claimed: number }> {
    let delivered = 0;
    let failed = 0;
    const rows = await claim();
    const claimedAt = Date.now();
    for (const row of rows) {
      // A turn of the event loop before each e-mail: on PGlite every statement resolves without one, so a run's
      // invoice PDFs and HTML (a run every 5 s holds a few hundred e-mails at 28 checkouts/s) would hold every
      // request until the run ended, for up to seconds (decision 109).
      await new Promise((resolve) => setImmediate(resolve));
      // The claim's own lease covers the sends of its first quarter (a send gives up after half a lease);
      // only a row reached later renews it, so a quick batch costs no extra statement per e-mail.
      if (Date.now() - claimedAt > leaseMs / 4 && !(await renew(row))) continue;
      try {
        const attachments = await filesOf(row, options.attachments ?? {});
        await transport.send(
          await messageOf(row, attachments, options.optOutLink ?? askTheSeller, options.storeUrl?.() ?? ""),
        );
      } catch (err) {
        failed++;
        const lastError = err instanceof Error ? err.message : String(err);
        options.log.warn({ to: row.to, attempts: row.attempts, err: lastError }, "e-mail not sent; will retry");
        await mark(row, { lastError, status: row.attempts >= MAX_ATTEMPTS ? "failed" : "pending" });
        continue;
      }
      delivered++;
      await mark(row, {
        status: "sent",
        sentAt: sql`now()`,
        lastError: null,
        ...(row.letter?.forgetOnceSent && FORGOTTEN),
      });
    }
    return { delivered, failed, claimed: rows.length };
  }

  /**
   * Batch after batch while full ones are due, so a burst of orders' e-mails goes out in one run rather
   * than 20 per run (4 a second per replica at one run every 5 s, fewer than a sale's confirmations). A
   * batch with a refused send ends the run: its refused rows wait for the next run, not retried at once.
   */
  async function deliverPending(): Promise<OutboxDelivery> {
    const total: OutboxDelivery = { delivered: 0, failed: 0 };
    for (;;) {
      const { delivered, failed, claimed } = await deliverBatch();
      total.delivered += delivered;
      total.failed += failed;
      if (failed > 0 || claimed < BATCH) return total;
    }
  }

  return {
    transportKind: transport.kind,
    deliverPending,
    close: () => transport.close(),
  };
}
