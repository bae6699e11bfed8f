import { SELLER } from "@store/shared";
import type { Tx } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail } from "../../email/outbox";
import { STORE_URL_PARAMETER } from "../../whatsapp/templates";
import { notifyShopper } from "./notify-shopper";
import type { OrderRow } from "./transitions";

/**
 * Asks the shopper to confirm or correct a delivery address that looks undeliverable (decision 092): WhatsApp
 * where they opted in, else e-mail; one channel, as the link answers once. Answers the channel used, or null
 * when the shopper can be reached on neither (opted out everywhere).
 */
export async function queueAddressCheckNotice(
  tx: Tx,
  order: OrderRow,
  linkPath: string,
): Promise<"whatsapp" | "email" | null> {
  const sent = await notifyShopper(tx, order, {
    whatsapp: { template: "address_check", parameters: [String(order.id), `${STORE_URL_PARAMETER}${linkPath}`] },
  });
  if (sent.whatsapp) return "whatsapp";
  if (!order.email) return null;
  const test = order.isTest ? "[TEST] " : "";
  const mailed = await notifyShopper(tx, order, {
    email: letterEmail(order.email, `${test}Please confirm the address for your ${SELLER.brand} order #${order.id}`, {
      preview: "One click before we ship",
      greeting: `Namaste ${order.deliveryName},`,
      blocks: [
        paragraph(
          `Before we hand your order #${order.id} to the courier, please check the delivery address: couriers often cannot find an address without a house or flat number, or reach a phone that is not a mobile.`,
        ),
        action("Confirm or correct the address", `${STORE_URL_TAG}${linkPath}`),
      ],
      orderUpdate: true,
    }),
  });
  return mailed.email ? "email" : null;
}
