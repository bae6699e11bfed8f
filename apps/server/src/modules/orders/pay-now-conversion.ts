import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { reverseSale } from "./reversals";
import { orders } from "./tables";
import { transition, type OrderRow } from "./transitions";

/** The line the order's history shows, for the shopper and the back office alike. */
export const CONVERTED_NOTE = "COD converted to prepaid";

/**
 * A cash-on-delivery order its shopper paid online before it shipped ("pay now", decision 094), in the caller's
 * transaction under the order's row lock: the payment method becomes the provider's (so the courier collects
 * nothing and refunds go back through the provider), the discount comes off the total as a discount (so what
 * the order says was paid is what was paid) and, as a sale, is taken back today (decision 063); the order
 * becomes paid with a line in its history.
 */
export async function convertToPrepaid(
  tx: Tx,
  order: OrderRow,
  change: { provider: string; discount: number; paymentId: string },
): Promise<void> {
  if (order.status !== "cod_confirmed" || order.paymentMethod !== "cod")
    throw new Error(`order ${order.id} is not a confirmed cash-on-delivery order`);
  const { provider, discount, paymentId } = change;
  await tx
    .update(orders)
    .set({
      paymentMethod: provider,
      discount: sql`${orders.discount} + ${discount}`,
      total: sql`${orders.total} - ${discount}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, order.id), eq(orders.paymentMethod, "cod")));
  await transition(tx, order, "paid", CONVERTED_NOTE, { provider, paymentId, discount });
  if (discount > 0) await reverseSale(tx, order, "pay_now_discount", discount, []);
}
