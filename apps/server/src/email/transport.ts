import nodemailer from "nodemailer";
import { SELLER } from "@store/shared";
import type { ServiceLog } from "../log";
import type { OutgoingEmail } from "./outbox";

/** Where an outbox row goes: the real SMTP server, or (no SMTP_URL: development, the demo) the log. */
export interface MailTransport {
  readonly kind: "smtp" | "log";
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailTransport(options: { smtpUrl?: string; from?: string; log: ServiceLog }): MailTransport {
  if (!options.smtpUrl) {
    return {
      kind: "log",
      send: async (email) =>
        options.log.info(
          { to: email.to, subject: email.subject, text: email.text },
          "e-mail (no SMTP configured: logged, not sent)",
        ),
      close: () => undefined,
    };
  }
  const smtp = nodemailer.createTransport(options.smtpUrl);
  const from = options.from ?? `${SELLER.brand} <${SELLER.supportEmail}>`;
  return {
    kind: "smtp",
    send: async (email) => void (await smtp.sendMail({ from, to: email.to, subject: email.subject, text: email.text })),
    close: () => smtp.close(),
  };
}
