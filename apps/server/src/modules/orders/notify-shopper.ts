import type { Tx } from "../../db/client";
import { queueEmail, type OutgoingEmail } from "../../email/outbox";
import { queueWhatsApp, type OutgoingWhatsApp } from "../../whatsapp/outbox";
import { accountContact, emailContact, isOptedOut, whatsappContact } from "../accounts/notification-preferences";
import type { OrderRow } from "./transitions";

/** The order's WhatsApp number, when the shopper ticked "Send me order updates on WhatsApp". */
export const whatsappNumberOf = (order: OrderRow) =>
  order.whatsappOptIn ? whatsappContact(order.countryCode, order.mobileNumber) : null;

/**
 * Queues an order update on each channel the shopper has not turned off, in the caller's transaction: the
 * e-mail to the order's address unless that address opted out; the WhatsApp message only if the shopper opted
 * in at checkout and neither the number nor their account has opted out since.
 */
export async function notifyShopper(
  tx: Tx,
  order: OrderRow,
  message: { email?: OutgoingEmail; whatsapp?: Omit<OutgoingWhatsApp, "to"> },
): Promise<{ email: boolean; whatsapp: boolean }> {
  let email = false;
  let whatsapp = false;
  if (message.email && !(await isOptedOut(tx, "email", [emailContact(message.email.to)]))) {
    await queueEmail(tx, message.email);
    email = true;
  }
  const number = whatsappNumberOf(order);
  if (message.whatsapp && number) {
    const contacts = [number, ...(order.userId ? [accountContact(order.userId)] : [])];
    if (!(await isOptedOut(tx, "whatsapp", contacts))) {
      await queueWhatsApp(tx, { ...message.whatsapp, to: number });
      whatsapp = true;
    }
  }
  return { email, whatsapp };
}
