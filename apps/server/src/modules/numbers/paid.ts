import type { Tx } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { numbersEvents } from "./tables";

/**
 * An order confirmed (paid, or cash on delivery confirmed): written by `confirmOrder` in its own transaction,
 * so the funnel's last step is the server's truth, never the browser's. The session, device and country come
 * from the order's `order_placed` event, if the shopper's checkout recorded one (the rollup joins them).
 */
export async function recordOrderPaid(
  tx: Tx,
  order: { id: number; deliveryCountry: string },
  productIds: readonly (number | null)[],
  now = new Date(),
): Promise<void> {
  await tx.insert(numbersEvents).values({
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
