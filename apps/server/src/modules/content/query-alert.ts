import { SELLER } from "@store/shared";
import type { Tx } from "../../db/client";
import { queueEmail } from "../../email/outbox";
import { alertRecipient, readSellerSettings } from "../settings/service";

/** Tells the seller of a new contact-form message, in the transaction that stores it (unless switched off). */
export async function queueNewQueryAlert(
  tx: Tx,
  query: { id: number; name: string; email: string; countryCode: string; mobileNumber: string; query: string },
): Promise<void> {
  const recipient = alertRecipient(await readSellerSettings(tx), "query");
  if (!recipient) return;
  await queueEmail(tx, {
    to: recipient,
    subject: `New query #${query.id} from ${query.name}`,
    text: [
      `A new message came through the contact form of ${SELLER.brand}.`,
      "",
      `From: ${query.name} <${query.email}>, ${query.countryCode} ${query.mobileNumber}`,
      "",
      query.query,
      "",
      "Answer it and mark it handled in the back office under Queries (/admin/queries).",
      "These alerts can be switched off under Settings in the back office.",
    ].join("\n"),
  });
}
