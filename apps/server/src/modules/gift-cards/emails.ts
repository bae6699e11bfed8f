import { SELLER, formatMoney, groupedGiftCardCode, toMajorUnits, type Currency } from "@store/shared";
import type { Tx } from "../../db/client";
import { action, figures, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail, queueEmail } from "../../email/outbox";
import type { GiftCardRow } from "./tables";

const amountOf = (card: GiftCardRow) => formatMoney(toMajorUnits(card.amount), card.currency as Currency);
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** Why the buyer gets a receipt and no tax invoice (decision 089). */
const NOT_AN_INVOICE =
  "This is a receipt, not a tax invoice: a gift card is a voucher, which is neither goods nor a service under GST (CBIC Circular No. 243/37/2024-GST). GST is charged on what it buys, when it is spent.";

/** The buyer's receipt, queued in the transaction that records the payment. */
export async function queueGiftCardReceipt(tx: Tx, card: GiftCardRow, productName: string): Promise<void> {
  const amount = amountOf(card);
  await queueEmail(
    tx,
    letterEmail(card.buyerEmail, `Receipt for your ${amount} gift card for ${card.recipientName}`, {
      preview: `Paid: a ${amount} gift card for ${card.recipientName}`,
      greeting: `Namaste ${card.buyerName},`,
      blocks: [
        paragraph(`Thank you. We have your payment for a ${SELLER.brand} gift card.`),
        figures(
          [
            ["Gift card", productName],
            ["To", `${card.recipientName} (${card.recipientEmail})`],
            ["Sent on", dayText(card.sendOn)],
            ["Payment", card.providerPaymentId ?? ""],
            ["Paid", amount],
          ],
          true,
        ),
        paragraph(
          `We will e-mail ${card.recipientName} the card with its code on ${dayText(card.sendOn)}, and tell you when it has gone.`,
        ),
        paragraph(NOT_AN_INVOICE),
      ],
    }),
  );
}

/**
 * The card itself, to the recipient: the amount, who sent it and their message, the code, and how to redeem
 * it. The code appears only here, and the outbox forgets this e-mail's words once it is sent; the store keeps its hash.
 */
export async function queueGiftCardEmails(tx: Tx, card: GiftCardRow, code: string): Promise<void> {
  const amount = amountOf(card);
  await queueEmail(
    tx,
    letterEmail(card.recipientEmail, `${card.buyerName} sent you a ${amount} ${SELLER.brand} gift card`, {
      preview: `A ${amount} gift card from ${card.buyerName}`,
      greeting: `Namaste ${card.recipientName},`,
      forgetOnceSent: true,
      blocks: [
        paragraph(`${card.buyerName} has sent you a ${SELLER.brand} gift card of ${amount}.`),
        ...(card.message ? [paragraph(`${card.buyerName} writes:\n${card.message}`)] : []),
        figures([
          ["Amount", amount],
          ["Code", groupedGiftCardCode(code)],
        ]),
        paragraph(
          `To use it, sign in (or create an account) and add the code on your account page, under Store credit. The ${amount} becomes store credit in ${card.currency}, for anything in the shop, and it never expires. Keep the code private: whoever adds it first gets the credit.`,
        ),
        action("Add it to your account", `${STORE_URL_TAG}/account`),
      ],
    }),
    letterEmail(card.buyerEmail, `Your gift card to ${card.recipientName} has been sent`, {
      preview: `${card.recipientName} has your ${amount} gift card`,
      greeting: `Namaste ${card.buyerName},`,
      blocks: [
        paragraph(
          `We have e-mailed your ${amount} gift card to ${card.recipientName} (${card.recipientEmail}), with your message and its code.`,
        ),
      ],
    }),
  );
}
