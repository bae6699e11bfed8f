import type { Tx } from "../db/client";
import { emailOutbox, type EmailAttachment } from "./tables";

export type { EmailAttachment };

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  attachments?: EmailAttachment[];
}

/** Queues an e-mail in the same transaction as the change it announces: both happen, or neither. */
export async function queueEmail(tx: Tx, email: OutgoingEmail): Promise<void> {
  await tx.insert(emailOutbox).values({ ...email, attachments: email.attachments ?? [] });
}
