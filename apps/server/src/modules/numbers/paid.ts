import type { Tx } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { numbersEvents } from "./tables";

/**
 * An order confirmed (paid, or cash on delivery confirmed): the insert, unsent, for `confirmOrder` to send with
 * its other writes in one statement, in its own transaction,
 * so the funnel's last step is the server's truth, never the browser's. The session, device and country come
 * from the order's `order_placed` event, if the shopper's checkout recorded one (the rollup joins them).
 */
export function orderPaidWrite(
  tx: Tx,
  order: { id: number; deliveryCountry: string },
  productIds: readonly (number | null)[],
  now = new Date(),
) {
  return tx.insert(numbersEvents).values({
    at: now,
    day: istDayOf(now),
    kind: "paid",
    session: null,
    device: "unknown",
    country: order.deliveryCountry,
    orderId: order.id,
    productIds: [...new Set(productIds.filter((id): id is number => id !== null))],
  });
}
