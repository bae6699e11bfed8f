import {
  bankAccountRows,
  SELLER,
  transferAsk,
  transferSums,
  type Currency,
  type OrderBankTransfer,
} from "@store/shared";
import { action, figures, lines, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail, type OutgoingEmail } from "../../email/outbox";
import type { LineToHold } from "../orders/holds";
import { orderPagePath } from "../orders/reader";
import type { OrderRow } from "../orders/transitions";

/**
 * Sent when a bank-transfer order is placed (decision 098): the order is not confirmed until the money
 * arrives, so this e-mail says where to send it, what to quote and by when. The words are the order page's
 * (`bank-transfer-details` in the shared package); the day is written in the order's own time zone
 * (decision 084). The confirmation with the invoice follows once the seller records the transfers.
 */
export function bankTransferPlacedEmail(
  order: OrderRow & { email: string },
  transfer: OrderBankTransfer,
  pieces: readonly LineToHold[],
): OutgoingEmail {
  const currency = order.currency as Currency;
  const ask = transferAsk(transfer, currency, order.timeZone);
  return letterEmail(order.email, `Your ${SELLER.brand} order #${order.id}: how to pay by bank transfer`, {
    preview: ask ?? `Order #${order.id} is placed`,
    greeting: `Namaste ${order.deliveryName},`,
    blocks: [
      paragraph(
        [
          `Thank you for your order #${order.id}. We hold your pieces until your transfer arrives.`,
          ...(ask ? [ask] : []),
        ].join("\n"),
      ),
      figures(bankAccountRows(transfer), false),
      figures(transferSums(transfer, currency, "To be sent back to you").map((sum) => [sum.label, sum.value])),
      lines(
        pieces.map((piece) => `${piece.quantity} x ${piece.productName} (size ${piece.size})`),
        "Your order:",
      ),
      paragraph("We send your confirmation and tax invoice once the full amount has arrived."),
      action("Follow your order", `${STORE_URL_TAG}${orderPagePath(order)}`),
    ],
  });
}
