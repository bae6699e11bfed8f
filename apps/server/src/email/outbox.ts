import type { Tx } from "../db/client";
import { emailOutbox } from "./tables";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Queues an e-mail in the same transaction as the change it announces: both happen, or neither. */
export async function queueEmail(tx: Tx, email: OutgoingEmail): Promise<void> {
  await tx.insert(emailOutbox).values(email);
}
