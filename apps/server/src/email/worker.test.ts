import { eq, inArray } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../testing/test-app";
import type { ServiceLog } from "../log";
import { emailOutbox } from "./tables";
import { createOutboxWorker } from "./worker";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

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

  it("with SMTP_URL, sends each e-mail over SMTP and marks it sent", async () => {
    const received: { to: string; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const [row] = await queue("smtp@example.in");
      const worker = createOutboxWorker(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, log: recordingLog().log });
      expect(worker.transportKind).toBe("smtp");
      expect(await worker.deliverPending()).toEqual({ delivered: 1, failed: 0 });
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toBe("smtp@example.in");
      expect(received[0]?.data).toContain("Subject: Hello smtp@example.in");
      const [stored] = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, row?.id ?? 0));
      expect(stored?.status).toBe("sent");
      worker.close();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
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
