import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "../db/client";
import { openSecondPool } from "../testing/second-pool";
import { openTestDatabase } from "../testing/test-app";
import type { ServiceLog } from "../log";
import { emailOutbox } from "./tables";
import { startSmtpSink } from "./test-support";
import type { MailMessage, MailTransport } from "./transport";
import { createOutboxWorker } from "./worker";

let database: Database;
/** A second replica's way in: its own pool on PostgreSQL (see openSecondPool). */
let second: Awaited<ReturnType<typeof openSecondPool>>;
beforeAll(async () => {
  database = await openTestDatabase();
  second = await openSecondPool(database);
});
afterAll(async () => {
  await second.close();
  await database.close();
});
// Each test counts its own e-mails: none left over from the one before.
beforeEach(async () => void (await database.db.delete(emailOutbox)));

function recordingLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  const log: ServiceLog = {
    info: (details, message) => void lines.push({ level: "info", details, message }),
    warn: (details, message) => void lines.push({ level: "warn", details, message }),
    error: (details, message) => void lines.push({ level: "error", details, message }),
  };
  return { log, lines };
}

async function queue(...to: string[]) {
  return database.db
    .insert(emailOutbox)
    .values(to.map((address) => ({ to: address, subject: `Hello ${address}`, text: "Namaste" })))
    .returning({ id: emailOutbox.id });
}

describe("the e-mail outbox worker", () => {
  it("without SMTP, writes pending e-mails to the log and marks them sent, once", async () => {
    const ids = (await queue("one@example.in", "two@example.in")).map((r) => r.id);
    const { log, lines } = recordingLog();
    const worker = createOutboxWorker(database.db, { log });
    expect(await worker.deliverPending()).toEqual({ delivered: 2, failed: 0 });
    expect(lines.map((l) => [l.level, (l.details as { to: string }).to])).toEqual([
      ["info", "one@example.in"],
      ["info", "two@example.in"],
    ]);
    const rows = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.sentAt !== null && r.attempts === 1)).toBe(true);
    expect(await worker.deliverPending()).toEqual({ delivered: 0, failed: 0 });
  });

  it("forgets the words of a sent e-mail that carried a secret, and keeps the others'", async () => {
    const letter = { preview: "A gift", greeting: "Namaste,", blocks: [], forgetOnceSent: true };
    const [secret, plain] = await database.db
      .insert(emailOutbox)
      .values([
        { to: "gift@example.in", subject: "Your gift card", text: "Code: ABCD-EFGH", letter },
        { to: "plain@example.in", subject: "Hello", text: "Namaste" },
      ])
      .returning({ id: emailOutbox.id });
    const kept: MailMessage[] = [];
    const worker = createOutboxWorker(database.db, { log: recordingLog().log, transport: keepingTransport(kept) });
    expect(await worker.deliverPending()).toEqual({ delivered: 2, failed: 0 });
    expect(kept.find((m) => m.to === "gift@example.in")?.text).toContain("ABCD-EFGH");
    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [secret!.id, plain!.id]));
    const byTo = Object.fromEntries(rows.map((r) => [r.to, r]));
    expect(byTo["gift@example.in"]).toMatchObject({ status: "sent", subject: "Your gift card", letter: null });
    expect(JSON.stringify(byTo["gift@example.in"])).not.toContain("ABCD");
    expect(byTo["plain@example.in"]).toMatchObject({ status: "sent", text: "Namaste" });
  });

  it("sends a burst of e-mails in one run, batch after batch; a refused send ends the run until the next", async () => {
    await queue(...Array.from({ length: 45 }, (_, i) => `burst${i}@example.in`));
    const kept: MailMessage[] = [];
    const worker = createOutboxWorker(database.db, { log: recordingLog().log, transport: keepingTransport(kept) });
    expect(await worker.deliverPending()).toEqual({ delivered: 45, failed: 0 });
    expect(new Set(kept.map((m) => m.to)).size).toBe(45);

    await queue(...Array.from({ length: 45 }, (_, i) => `refused${i}@example.in`));
    let sends = 0;
    const refusing = createOutboxWorker(database.db, {
      log: recordingLog().log,
      transport: {
        kind: "log",
        send: async () => {
          if (++sends === 3) throw new Error("421 try again later");
        },
        close: () => undefined,
      },
    });
    // The first batch of 20 had a refusal: the other 25 wait, and the refused one is not tried again at once.
    expect(await refusing.deliverPending()).toEqual({ delivered: 19, failed: 1 });
    const pending = await database.db.select().from(emailOutbox).where(eq(emailOutbox.status, "pending"));
    expect(pending).toHaveLength(26);
  });

  it("gives the event loop a turn before each e-mail, so requests are served between a run's e-mails (decision 109)", async () => {
    await queue("one@example.in", "two@example.in", "three@example.in");
    let sends = 0;
    let sendsWhenTheLoopTurned: number | undefined;
    const worker = createOutboxWorker(database.db, {
      log: recordingLog().log,
      transport: {
        kind: "log",
        send: async () => {
          // A request arriving now waits for the loop's next turn; on PGlite no statement gives one.
          if (++sends === 1) setImmediate(() => (sendsWhenTheLoopTurned = sends));
        },
        close: () => undefined,
      },
    });
    expect(await worker.deliverPending()).toEqual({ delivered: 3, failed: 0 });
    expect(sendsWhenTheLoopTurned).toBe(1);
  });

  it("with SMTP_URL, sends each e-mail over SMTP and marks it sent", async () => {
    const sink = await startSmtpSink();
    try {
      const [row] = await queue("smtp@example.in");
      const worker = createOutboxWorker(database.db, { smtpUrl: sink.url, log: recordingLog().log });
      expect(worker.transportKind).toBe("smtp");
      expect(await worker.deliverPending()).toEqual({ delivered: 1, failed: 0 });
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]).toContain("To: smtp@example.in");
      expect(sink.received[0]).toContain("Subject: Hello smtp@example.in");
      const [stored] = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, row?.id ?? 0));
      expect(stored?.status).toBe("sent");
      worker.close();
    } finally {
      await sink.close();
    }
  });

  it("keeps an e-mail the SMTP server refuses pending, with its error, for a later retry", async () => {
    const [row] = await queue("nobody-listens@example.in");
    const { log, lines } = recordingLog();
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const worker = createOutboxWorker(database.db, { smtpUrl: "smtp://127.0.0.1:9", log });
    expect(await worker.deliverPending()).toEqual({ delivered: 0, failed: 1 });
    expect(lines.filter((l) => l.level === "warn")).toHaveLength(1);
    const [stored] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, row?.id ?? 0));
    expect(stored?.status).toBe("pending");
    expect(stored?.attempts).toBe(1);
    expect(stored?.lastError).toMatch(/ECONNREFUSED|connect/i);
    worker.close();
  });
});

/** An e-mail carrying one attachment of `kind` (e.g. the invoice with id 7). */
async function queueWithAttachment(to: string, kind = "invoice") {
  const [row] = await database.db
    .insert(emailOutbox)
    .values({
      to,
      subject: "Your order",
      text: "Invoice attached",
      attachments: [{ kind, id: 7, filename: "invoice-JKH-26-27-000007.pdf" }],
    })
    .returning({ id: emailOutbox.id });
  return row!;
}

/** A transport that keeps every message it is handed. */
function keepingTransport(kept: MailMessage[]): MailTransport {
  return { kind: "log", send: async (email) => void kept.push(email), close: () => undefined };
}

describe("attachments", () => {
  const PDF = Buffer.from("%PDF-1.7 invoice 7");

  it("asks the source of the attachment's kind for its bytes and hands them to the transport", async () => {
    const row = await queueWithAttachment("attach@example.in");
    const asked: number[] = [];
    const kept: MailMessage[] = [];
    const worker = createOutboxWorker(database.db, {
      log: recordingLog().log,
      transport: keepingTransport(kept),
      attachments: { invoice: async (id) => (asked.push(id), PDF) },
    });
    expect(await worker.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    expect(asked).toEqual([7]);
    expect(kept[0]?.attachments).toEqual([
      { filename: "invoice-JKH-26-27-000007.pdf", content: PDF, contentType: "application/pdf" },
    ]);
    expect(await stored(row.id)).toMatchObject({ status: "sent" });
  });

  it("fails the attempt, and sends nothing, when the kind has no source or the source throws; retried later", async () => {
    const noSource = await queueWithAttachment("nosource@example.in", "receipt");
    const broken = await queueWithAttachment("broken@example.in");
    const kept: MailMessage[] = [];
    const { log, lines } = recordingLog();
    const failing = createOutboxWorker(database.db, {
      log,
      transport: keepingTransport(kept),
      attachments: {
        invoice: async () => {
          throw new Error("Invoice 7 not found");
        },
      },
    });
    expect(await failing.deliverPending()).toEqual({ delivered: 0, failed: 2 });
    expect(kept).toEqual([]);
    expect(await stored(noSource.id)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await stored(noSource.id)).lastError).toMatch(/No source for "receipt" attachments/);
    expect(await stored(broken.id)).toMatchObject({ status: "pending", attempts: 1, lastError: "Invoice 7 not found" });
    expect(lines.filter((l) => l.level === "warn")).toHaveLength(2);

    // Once the source answers, the retry sends it with the document.
    const mended = createOutboxWorker(database.db, {
      log,
      transport: keepingTransport(kept),
      attachments: { invoice: async () => PDF },
    });
    expect(await mended.deliverPending()).toEqual({ delivered: 1, failed: 1 });
    expect(kept.map((m) => [m.to, m.attachments?.length])).toEqual([["broken@example.in", 1]]);
  });

  it("the log transport names the attachments it would have sent", async () => {
    await queueWithAttachment("logged@example.in");
    const { log, lines } = recordingLog();
    const worker = createOutboxWorker(database.db, { log, attachments: { invoice: async () => PDF } });
    expect(await worker.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    expect(lines[0]?.details).toMatchObject({
      to: "logged@example.in",
      attachments: [`invoice-JKH-26-27-000007.pdf (${PDF.length} bytes)`],
    });
  });

  it("over SMTP, sends the bytes as a real attachment", async () => {
    const sink = await startSmtpSink();
    try {
      await queueWithAttachment("smtp-attach@example.in");
      const worker = createOutboxWorker(database.db, {
        smtpUrl: sink.url,
        log: recordingLog().log,
        attachments: { invoice: async () => PDF },
      });
      expect(await worker.deliverPending()).toEqual({ delivered: 1, failed: 0 });
      const data = sink.received[0] ?? "";
      expect(data).toMatch(/Content-Type: application\/pdf; name="?invoice-JKH-26-27-000007\.pdf/);
      expect(data).toMatch(/Content-Disposition: attachment; filename="?invoice-JKH-26-27-000007\.pdf/);
      expect(data).toContain(PDF.toString("base64"));
      worker.close();
    } finally {
      await sink.close();
    }
  });
});

/** A transport that counts what it is handed per address, letting other work run between sends. */
function countingTransport(sent: Map<string, number>): MailTransport {
  return {
    kind: "log",
    send: async (email: MailMessage) => {
      await new Promise((resolve) => setImmediate(resolve));
      sent.set(email.to, (sent.get(email.to) ?? 0) + 1);
    },
    close: () => undefined,
  };
}

/** A transport whose one send waits until the test lets it finish (or fail), telling the test when it started. */
function heldTransport() {
  let started: () => void = () => {};
  let finish: (error?: Error) => void = () => {};
  const sending = new Promise<void>((resolve) => (started = resolve));
  const transport: MailTransport = {
    kind: "log",
    send: () =>
      new Promise<void>((resolve, reject) => {
        finish = (error) => (error ? reject(error) : resolve());
        started();
      }),
    close: () => undefined,
  };
  return { transport, sending, finish: (error?: Error) => finish(error) };
}

async function stored(id: number) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw new Error(`outbox row ${id} is gone`);
  return row;
}

describe("the outbox on several replicas", () => {
  it("two workers delivering 50 e-mails at once send each exactly once", async () => {
    const addresses = Array.from({ length: 50 }, (_, i) => `many-${i}@example.in`);
    const ids = (await queue(...addresses)).map((r) => r.id);
    const sent = new Map<string, number>();
    const { log } = recordingLog();
    const drain = async (db: Db) => {
      const worker = createOutboxWorker(db, { log, transport: countingTransport(sent) });
      let delivered = 0;
      for (;;) {
        const run = await worker.deliverPending();
        if (run.delivered + run.failed === 0) return delivered;
        delivered += run.delivered;
      }
    };
    const [one, two] = await Promise.all([drain(database.db), drain(second.db)]);
    expect((one ?? 0) + (two ?? 0)).toBe(50);
    expect([...sent.keys()].sort()).toEqual([...addresses].sort());
    expect([...sent.values()].every((times) => times === 1)).toBe(true);
    const rows = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.leaseUntil === null)).toBe(true);
  });

  it("holds no transaction or lock during a send: the row can be locked from elsewhere, and no other worker takes it", async () => {
    const [row] = await queue("slow@example.in");
    const held = heldTransport();
    const worker = createOutboxWorker(database.db, { log: recordingLog().log, transport: held.transport });
    const delivering = worker.deliverPending();
    await held.sending;
    // With a transaction open across the send, this would wait for the row lock (PostgreSQL: NOWAIT fails at
    // once) or for the one PGlite connection (it gives up after the acquire timeout).
    const [locked] = await second.db.transaction((tx) =>
      tx.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)).for("update", { noWait: true }),
    );
    expect(locked).toMatchObject({ status: "sending", attempts: 1 });
    expect(locked?.leaseUntil).not.toBeNull();
    const sent = new Map<string, number>();
    const other = createOutboxWorker(second.db, { log: recordingLog().log, transport: countingTransport(sent) });
    expect(await other.deliverPending()).toEqual({ delivered: 0, failed: 0 });
    held.finish();
    expect(await delivering).toEqual({ delivered: 1, failed: 0 });
    expect(sent.size).toBe(0);
    expect(await stored(row!.id)).toMatchObject({ status: "sent", attempts: 1, leaseUntil: null });
  });

  it("a lease that ran out is claimed again, and the late worker's mark is ignored", async () => {
    const [row] = await queue("late@example.in");
    const held = heldTransport();
    const late = recordingLog();
    const stalled = createOutboxWorker(database.db, { log: late.log, transport: held.transport });
    const stalledRun = stalled.deliverPending();
    await held.sending;
    // The stalled worker's lease runs out (as if OUTBOX_LEASE_SECONDS went by).
    await database.db
      .update(emailOutbox)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, row!.id));
    const sent = new Map<string, number>();
    const rescuer = createOutboxWorker(second.db, { log: recordingLog().log, transport: countingTransport(sent) });
    expect(await rescuer.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    expect(sent.get("late@example.in")).toBe(1);
    expect(await stored(row!.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    // The stalled send now fails: its "pending, retry" would undo the rescuer's "sent", and must not.
    held.finish(new Error("connection reset"));
    expect(await stalledRun).toEqual({ delivered: 0, failed: 1 });
    expect(await stored(row!.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(late.lines.map((l) => l.message)).toContain("e-mail lease ran out mid-send; another worker has it");
  });

  it("a batch that took longer than a quarter lease renews each lease before sending: a row taken over meanwhile is left alone", async () => {
    const [first, next] = await queue("slow-first@example.in", "taken-over@example.in");
    const sent = new Map<string, number>();
    let release: () => void = () => {};
    const releaseFirst = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => {};
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const stalling: MailTransport = {
      kind: "log",
      send: async (email) => {
        if (email.to === "slow-first@example.in") {
          started();
          await releaseFirst;
        }
        sent.set(email.to, (sent.get(email.to) ?? 0) + 1);
      },
      close: () => undefined,
    };
    // A one-second lease: its quarter (250 ms) passes while the first send stalls.
    const stalled = createOutboxWorker(database.db, { log: recordingLog().log, transport: stalling, leaseSeconds: 1 });
    const stalledRun = stalled.deliverPending();
    await firstStarted;
    await database.db
      .update(emailOutbox)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, next!.id));
    const rescuer = createOutboxWorker(second.db, { log: recordingLog().log, transport: countingTransport(sent) });
    expect(await rescuer.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    expect(await stalledRun).toEqual({ delivered: 1, failed: 0 });
    expect(sent.get("taken-over@example.in")).toBe(1);
    expect(await stored(first!.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await stored(next!.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("gives up on an e-mail whose last attempt's worker never came back, without sending it again", async () => {
    const [row] = await database.db
      .insert(emailOutbox)
      .values({
        to: "gone@example.in",
        subject: "Hello",
        text: "Namaste",
        status: "sending",
        attempts: 5,
        leaseUntil: sql`now() - interval '1 second'`,
      })
      .returning({ id: emailOutbox.id });
    const sent = new Map<string, number>();
    const worker = createOutboxWorker(database.db, { log: recordingLog().log, transport: countingTransport(sent) });
    expect(await worker.deliverPending()).toEqual({ delivered: 0, failed: 0 });
    expect(sent.size).toBe(0);
    expect(await stored(row!.id)).toMatchObject({ status: "failed", lastError: "worker stopped mid-send" });
  });
});

describe("merge tags (order updates)", () => {
  it("fills in the recipient's opt-out link and the store's address in both parts, and names the link for List-Unsubscribe", async () => {
    await database.db.insert(emailOutbox).values({
      to: "tags@example.in",
      subject: "Delivered",
      text: "Review: {{store_url}}/product/3\nStop: {{opt_out_url}}",
      html: '<a href="{{store_url}}/product/3">Review</a><a href="{{opt_out_url}}">Stop</a>',
    });
    const kept: MailMessage[] = [];
    const worker = createOutboxWorker(database.db, {
      log: recordingLog().log,
      transport: keepingTransport(kept),
      optOutLink: async (to) => `https://shop.example/notifications/off?token=${to}&x=1`,
      storeUrl: () => "https://shop.example",
    });
    expect(await worker.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    expect(kept[0]).toMatchObject({
      text: "Review: https://shop.example/product/3\nStop: https://shop.example/notifications/off?token=tags@example.in&x=1",
      html: '<a href="https://shop.example/product/3">Review</a><a href="https://shop.example/notifications/off?token=tags@example.in&amp;x=1">Stop</a>',
      unsubscribeUrl: "https://shop.example/notifications/off?token=tags@example.in&x=1",
    });
  });

  it("an e-mail without the opt-out tag (a confirmation, a security e-mail) has no List-Unsubscribe", async () => {
    await queue("plain@example.in");
    const kept: MailMessage[] = [];
    const worker = createOutboxWorker(database.db, { log: recordingLog().log, transport: keepingTransport(kept) });
    await worker.deliverPending();
    expect(kept[0]?.unsubscribeUrl).toBeUndefined();
    expect(kept[0]?.html).toBeUndefined();
  });
});
