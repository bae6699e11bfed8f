import { SELLER } from "@store/shared";
import type { Tx } from "../db/client";
import { textOf, type Letter } from "./letter";
import { emailOutbox, type EmailAttachment } from "./tables";

export type { EmailAttachment };

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The plain-text part (the only part of a plain e-mail, such as the seller's alerts). */
  text: string;
  /** Set: the e-mail also has an HTML part, drawn from this when it is queued. */
  letter?: Letter;
  attachments?: EmailAttachment[];
}

const SIGNATURE = `${SELLER.brand} - ${SELLER.supportEmail}`;

/** A branded e-mail: the text part written from the letter now, the HTML part when it is queued. */
export function letterEmail(
  to: string,
  subject: string,
  letter: Letter,
  attachments: EmailAttachment[] = [],
): OutgoingEmail {
  return { to, subject, text: textOf(letter, SIGNATURE), letter, attachments };
}

/**
 * Queues e-mails in the same transaction as the change they announce: all happen, or none; several in one
 * statement. The HTML is rendered here, once, and stored with the text, so the outbox row is exactly what goes
 * out (only the opt-out link's merge tag is filled in at send time, signed for the recipient).
 */
export async function queueEmail(tx: Tx, ...emails: OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  // react-email and its renderer load with the first letter, not with the server.
  const htmlOf = emails.some((email) => email.letter) ? (await import("./html")).htmlOf : null;
  const rows = await Promise.all(
    emails.map(async (email) => ({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.letter && htmlOf ? await htmlOf(email.letter) : null,
      attachments: email.attachments ?? [],
    })),
  );
  await tx.insert(emailOutbox).values(rows);
}
