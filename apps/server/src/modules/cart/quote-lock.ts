import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { Refusal } from "../../errors";
import { cartLines } from "./tables";

/**
 * The lock on a cart holding an accepted quote (decision 101): its lines are the quote's, at the quote's prices,
 * and nothing else joins them: not an add, a change, a guest cart merged at login, a reminder's restore or a
 * reorder. Kept apart from `quoted-lines.ts` so that cart-access.ts (which merges carts) can ask too.
 */

export const QUOTED_CART_MESSAGE =
  "Your cart holds an accepted quote at its agreed prices. Check it out, or empty the cart to shop as usual.";

/** The quote a cart carries, or null: a cart with quoted lines holds nothing else. */
export async function quoteOfCart(db: Db, cartId: string): Promise<number | null> {
  const [line] = await db
    .select({ quoteId: cartLines.quoteId })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), isNotNull(cartLines.quoteId)))
    .limit(1);
  return line?.quoteId ?? null;
}

/** Adding to or changing a quoted cart is refused (409 `QUOTED_CART`), saying how to shop as usual again. */
export async function assertNotQuoted(db: Db, cartId: string): Promise<void> {
  if ((await quoteOfCart(db, cartId)) === null) return;
  throw new Refusal("conflict", "QUOTED_CART", QUOTED_CART_MESSAGE);
}
