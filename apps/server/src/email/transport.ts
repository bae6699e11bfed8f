import type { Transporter } from "nodemailer";
import { SELLER } from "@store/shared";
import { loadOnce } from "../lib/load-once";
import type { ServiceLog } from "../log";

/** A file sent with an e-mail, its bytes made by the time it reaches the transport. */
export interface FileAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** An e-mail as the transport sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, sent beside the text (multipart/alternative). */
  html?: string;
  /** An order update's opt-out link: the List-Unsubscribe header mail clients show as "unsubscribe". */
  unsubscribeUrl?: string;
  attachments?: FileAttachment[];
}

/** Where an outbox row goes: the real SMTP server, or (no SMTP_URL: development, the demo) the log. */
export interface MailTransport {
  readonly kind: "smtp" | "log";
  send(email: MailMessage): Promise<void>;
  close(): void;
}

/**
 * `timeoutMs`: the longest wait for the SMTP server at each step (connecting, its greeting, each answer);
 * the outbox keeps it well inside its lease, so a stalled server fails the send rather than outlast it.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  from?: string;
  log: ServiceLog;
  timeoutMs?: number;
}): MailTransport {
  if (!options.smtpUrl) {
    return {
      kind: "log",
      send: async (email) =>
        options.log.info(
          {
            to: email.to,
            subject: email.subject,
            text: email.text,
            html: email.html ? `${email.html.length} characters of HTML` : undefined,
            attachments: (email.attachments ?? []).map((a) => `${a.filename} (${a.content.length} bytes)`),
          },
          "e-mail (no SMTP configured: logged, not sent)",
        ),
      close: () => undefined,
    };
  }
  // nodemailer's own limits (2 minutes, 30 s, 10 minutes), shortened to `timeoutMs` where longer.
  const within = (ms: number) => Math.min(ms, options.timeoutMs ?? ms);
  const timeouts = {
    connectionTimeout: within(120_000),
    greetingTimeout: within(30_000),
    socketTimeout: within(600_000),
  };
  // nodemailer loads with the first e-mail sent, not with the server.
  let smtp: Transporter | undefined;
  const connect = loadOnce(
    async () => (smtp = (await import("nodemailer")).default.createTransport({ url: options.smtpUrl, ...timeouts })),
  );
  const from = options.from ?? `${SELLER.brand} <${SELLER.supportEmail}>`;
  return {
    kind: "smtp",
    send: async (email) =>
      void (await (
        await connect()
      ).sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html && { html: email.html }),
        ...(email.unsubscribeUrl && { list: { unsubscribe: email.unsubscribeUrl } }),
        attachments: (email.attachments ?? []).map(({ filename, content, contentType }) => ({
          filename,
          content,
          contentType,
        })),
      })),
    close: () => smtp?.close(),
  };
}
