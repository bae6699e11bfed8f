import { SELLER } from "@store/shared";
import type { Tx } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail } from "../../email/outbox";
import { STORE_URL_PARAMETER } from "../../whatsapp/templates";
import { notifyShopper } from "./notify-shopper";
import type { OrderRow } from "./transitions";

export interface FailedAttemptDetails {
  attempt: number;
  /** Our plain sentence for the courier's reason (never the courier's own words: see the WhatsApp templates). */
  reasonText: string;
  /** The shopper's answer page, from the store's root (`/delivery/12?token=...`). */
  answerPath: string;
}

/**
 * Tells the shopper a delivery attempt failed, with the link to choose what happens next (decision 090): on
 * WhatsApp where they opted in (and have not opted out), else by e-mail. One channel: the link answers once.
 */
export async function queueFailedDeliveryNotice(
  tx: Tx,
  order: OrderRow,
  details: FailedAttemptDetails,
): Promise<{ email: boolean; whatsapp: boolean }> {
  const sent = await notifyShopper(tx, order, {
    whatsapp: {
      template: "delivery_failed",
      parameters: [String(order.id), details.reasonText, `${STORE_URL_PARAMETER}${details.answerPath}`],
    },
  });
  if (sent.whatsapp || !order.email) return sent;
  const test = order.isTest ? "[TEST] " : "";
  return notifyShopper(tx, order, {
    email: letterEmail(order.email, `${test}We could not deliver your ${SELLER.brand} order #${order.id}`, {
      preview: "Choose a new date, correct the address, or cancel",
      greeting: `Namaste ${order.deliveryName},`,
      blocks: [
        paragraph(
          `The courier tried to deliver your order #${order.id} but could not: ${details.reasonText.toLowerCase()}.`,
        ),
        paragraph(
          "Tell us what to do next: choose a day for the courier to come again (and correct your address or phone if they were wrong), or cancel the delivery.",
        ),
        action("Choose what happens next", `${STORE_URL_TAG}${details.answerPath}`),
      ],
      orderUpdate: true,
    }),
  });
}
