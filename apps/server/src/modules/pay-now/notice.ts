import { formatMoney, SELLER, type Currency } from "@store/shared";
import type { Tx } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail } from "../../email/outbox";
import { STORE_URL_PARAMETER } from "../../whatsapp/templates";
import { notifyShopper } from "../orders/notify-shopper";
import type { OrderRow } from "../orders/transitions";

/**
 * The nudge itself (decision 094): WhatsApp template `pay_now` where the shopper opted in, else e-mail; one
 * channel, as the link is one. Answers the channel used, or null when the shopper turned both off.
 */
export async function queuePayNowNotice(
  tx: Tx,
  order: OrderRow,
  linkPath: string,
  amounts: { due: number; discount: number },
): Promise<"whatsapp" | "email" | null> {
  const money = (minor: number) => formatMoney(minor / 100, order.currency as Currency);
  const due = amounts.discount > 0 ? `${money(amounts.due)} (${money(amounts.discount)} off)` : money(amounts.due);
  const sent = await notifyShopper(tx, order, {
    whatsapp: { template: "pay_now", parameters: [String(order.id), due, `${STORE_URL_PARAMETER}${linkPath}`] },
  });
  if (sent.whatsapp) return "whatsapp";
  if (!order.email) return null;
  const test = order.isTest ? "[TEST] " : "";
  const mailed = await notifyShopper(tx, order, {
    email: letterEmail(order.email, `${test}Pay for your ${SELLER.brand} order #${order.id} online now`, {
      preview: amounts.discount > 0 ? `${money(amounts.discount)} off if you pay now` : "Skip the cash at the door",
      greeting: `Namaste ${order.deliveryName},`,
      blocks: [
        paragraph(
          `Your order #${order.id} is confirmed for cash on delivery. You can pay ${due} online now instead, by UPI, card or netbanking, and the courier will collect nothing at the door. This link works until your parcel ships.`,
        ),
        action("Pay now", `${STORE_URL_TAG}${linkPath}`),
      ],
      orderUpdate: true,
    }),
  });
  return mailed.email ? "email" : null;
}
