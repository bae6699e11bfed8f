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
  /** Set: the e-mail also has an HTML part, drawn from this when it is sent. */
  letter?: Letter;
  attachments?: EmailAttachment[];
}

const SIGNATURE = `${SELLER.brand} - ${SELLER.supportEmail}`;

/** A branded e-mail: the text part written from the letter now, the HTML part when it is sent. */
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
 * statement. Only data is written: a branded e-mail's HTML part is drawn from its stored letter when the worker
 * sends it, so no transaction (a shopper's payment among them) waits for react-email (decision 069).
 */
export async function queueEmail(tx: Tx, ...emails: OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.insert(emailOutbox).values(
    emails.map((email) => ({
      to: email.to,
      subject: email.subject,
      text: email.text,
      letter: email.letter ?? null,
      attachments: email.attachments ?? [],
    })),
  );
}
