import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { htmlOf } from "./html";
import type { Letter } from "./letter";

/** An SMTP server on a free local port that keeps every message it receives, raw (the store's SMTP_URL points here). */
export async function startSmtpSink(): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
      stream.on("end", () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A queued row's HTML part as the worker sends it: drawn from its letter (decision 069). */
export async function queuedHtml(row: { html: string | null; letter: Letter | null }): Promise<string | null> {
  return row.html ?? (row.letter ? htmlOf(row.letter) : null);
}
