import { isReturnFromAbroad, returnAddressLines, returnCustomsInstructions } from "@store/shared";
import type { Tx } from "../../db/client";
import { invoiceOfOrder } from "../invoices/read";
import type { OrderRow } from "../orders/transitions";

/**
 * Returns of orders delivered abroad (decision 085): the courier aggregator picks up within India only and the
 * spec puts re-shipping at the shopper's cost, so the shopper sends the parcel back and tells us its tracking.
 */
export const sentByShopper = (order: Pick<OrderRow, "deliveryCountry">): boolean =>
  isReturnFromAbroad(order.deliveryCountry);

/**
 * The approval's instructions for a parcel from abroad: where to send it, the number to write on it, and what to
 * declare so that India's customs let it back in as goods re-imported (notification 45/2017-Customs).
 */
export async function sendBackInstructions(
  tx: Tx,
  order: OrderRow,
  requestId: number,
): Promise<{ paragraphs: string[]; short: string }> {
  const invoice = (await invoiceOfOrder(tx, order.id))?.number ?? null;
  const address = returnAddressLines().join(", ");
  return {
    paragraphs: [
      `Please send the parcel back, at your cost and by a carrier of your choice, to: ${address}.`,
      ...returnCustomsInstructions(requestId, invoice),
    ],
    short: `Send it at your cost to ${address}. Write "Return #${requestId}" on it and declare it as "Returned goods"${invoice ? ` with our export invoice ${invoice}` : ""}, at the same value. All the steps are in your e-mail and on your order page`,
  };
}
