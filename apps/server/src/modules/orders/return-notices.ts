import { SELLER } from "@store/shared";
import type { Tx } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail } from "../../email/outbox";
import { notifyShopper } from "./notify-shopper";
import { moneyOf } from "./order-email";
import { orderPagePath } from "./reader";
import type { OrderRow } from "./transitions";

/** Where a return stands, in the shopper's words. */
export type ReturnStep =
  | "requested"
  | "approved"
  | "approved_send_back"
  | "refused"
  | "pickup_booked"
  | "received"
  | "accepted"
  | "rejected"
  | "exchange_shipped";

const STEP_TEXT: Record<ReturnStep, string> = {
  requested: "we have your request and will answer within a day",
  approved: "your return is approved; the courier will pick the parcel up",
  approved_send_back: "your return is approved; please send the parcel back to us",
  refused: "we could not accept your return",
  pickup_booked: "the courier will pick the parcel up",
  received: "we have received the parcel back and are checking it",
  accepted: "we have checked the parcel and accepted your return",
  rejected: "we have checked the parcel and could not accept your return",
  exchange_shipped: "your new size is on its way",
};

/**
 * A return's progress (the returns flow calls this in its transactions): `note` is the seller's words
 * (a refusal's reason, the pickup date), shown as written; `instructions` are what the shopper does next (a
 * return from abroad: the address and the customs words), a paragraph each in the e-mail and in `short` on
 * WhatsApp (a template's body stays within Meta's 1,024 characters).
 */
export async function queueReturnNotice(
  tx: Tx,
  order: OrderRow,
  update: { step: ReturnStep; note?: string; instructions?: { paragraphs: readonly string[]; short: string } },
): Promise<{ email: boolean; whatsapp: boolean }> {
  const status = STEP_TEXT[update.step];
  const email = order.email
    ? letterEmail(order.email, `Your return for ${SELLER.brand} order #${order.id}: ${status.split(";")[0]}`, {
        preview: status,
        greeting: `Namaste ${order.deliveryName},`,
        blocks: [
          paragraph(`An update on your return for order #${order.id}: ${status}.`),
          ...(update.note ? [paragraph(update.note)] : []),
          ...(update.instructions?.paragraphs ?? []).map((line) => paragraph(line)),
          action("See your order", `${STORE_URL_TAG}${orderPagePath(order)}`),
        ],
        orderUpdate: true,
      })
    : undefined;
  const whatsappText = [update.note ? `${status} (${update.note})` : status, update.instructions?.short]
    .filter(Boolean)
    .join(". ");
  return notifyShopper(tx, order, {
    email,
    whatsapp: { template: "return_update", parameters: [String(order.id), whatsappText] },
  });
}

/**
 * A refund paid (a return, a cancelled piece): how much, and where it went ("your card", "UPI id asha@okaxis").
 * Sent on both channels the shopper kept on; the e-mail is an order update like the others.
 */
export async function queueRefundSentNotice(
  tx: Tx,
  order: OrderRow,
  refund: { amountMinor: number; destination: string },
): Promise<{ email: boolean; whatsapp: boolean }> {
  const amount = moneyOf(order)(refund.amountMinor);
  const email = order.email
    ? letterEmail(order.email, `Your refund of ${amount} for ${SELLER.brand} order #${order.id}`, {
        preview: `${amount} is on its way back to you`,
        greeting: `Namaste ${order.deliveryName},`,
        blocks: [
          paragraph(`We have sent a refund of ${amount} for your order #${order.id} to ${refund.destination}.`),
          paragraph("Banks take a few working days to show it. If it has not arrived in 7 days, write to us."),
        ],
        orderUpdate: true,
      })
    : undefined;
  return notifyShopper(tx, order, {
    email,
    whatsapp: {
      template: "refund_sent",
      parameters: [amount, String(order.id), refund.destination],
    },
  });
}
