import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "../cart/cart-access";
import { lockCart, removeOrderedLines } from "../cart/checkout-lines";
import { productVariants } from "../catalog/tables";
import { queueEmail } from "../email/outbox";
import { countPromoUse } from "../promo/usage";
import { orderConfirmationEmail } from "./order-email";
import { refusal, RefusedError, type Refusal } from "./refusal";
import { orderLines } from "./tables";
import { transition, type OrderRow } from "./transitions";

export type FulfilResult = { ok: true } | { ok: false; refusal: Refusal };

/**
 * Confirms an order (paid, or cash on delivery) in the caller's transaction: stock taken line by line with
 * a guarded update (a piece is never sold twice, whatever runs in parallel), the promo use counted, the
 * ordered pieces taken out of the cart, the status moved, and the confirmation queued. Everything runs in
 * a savepoint, so a line that can no longer be supplied undoes the lines before it and the caller decides
 * what a refusal means (cancel and refund a payment, or refuse cash on delivery). Once the caller's
 * transaction has committed, it calls `invalidateCatalogCache()`: product pages and cards show stock.
 */
export async function fulfilOrder(tx: Tx, order: OrderRow, to: "paid" | "cod_confirmed", note: string): Promise<FulfilResult> {
  try {
    await tx.transaction(async (sp) => {
      // Locks are always taken cart first, then variants (cash on delivery does the same), so a payment
      // settling and a checkout of the same cart cannot deadlock.
      await lockCart(sp, order.cartId);
      // Variant order: two orders sharing variants lock them in the same order, so they cannot deadlock.
      const lines = await sp.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.variantId), asc(orderLines.id));
      for (const line of lines) {
        const taken = line.variantId === null ? [] : await sp
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
          .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
          .returning({ id: productVariants.id });
        if (taken.length === 0) throw new RefusedError(soldOut(line, to));
      }
      if (order.promoCode && !(await countPromoUse(sp, order.promoCode, { withinLimit: to === "cod_confirmed" }))) {
        throw new RefusedError(refusal("unprocessable", "PROMO_NOT_APPLICABLE", "This promo code has reached its usage limit."));
      }
      await removeOrderedLines(sp, order.cartId, lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, size: l.size, quantity: l.quantity }])));
      await transition(sp, order, to, note);
      if (order.email) await queueEmail(sp, orderConfirmationEmail({ ...order, email: order.email }, lines));
    });
    return { ok: true };
  } catch (err) {
    if (err instanceof RefusedError) return { ok: false, refusal: err.refusal };
    throw err;
  }
}

function soldOut(line: { productName: string; size: string }, to: "paid" | "cod_confirmed"): Refusal {
  const what = `${line.productName} (size ${line.size})`;
  return to === "paid"
    ? refusal("conflict", "OUT_OF_STOCK", `Sorry, ${what} sold out while you were paying. Your payment will be refunded.`)
    : refusal("conflict", "OUT_OF_STOCK", `Sorry, ${what} has just sold out. Please review your cart.`);
}
