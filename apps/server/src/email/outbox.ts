import type { Tx } from "../db/client";
import { emailOutbox } from "./tables";

/**
 * A document an e-mail carries, named by kind and id rather than stored: the worker asks the source
 * registered for the kind for its bytes when it sends (the tax invoice PDF, rendered from the invoice row).
 */
export interface EmailAttachment {
  kind: string;
  id: number;
  filename: string;
}

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
