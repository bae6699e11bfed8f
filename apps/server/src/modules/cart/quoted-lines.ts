import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { cartForChange, createCart } from "./cart-access";
import { cartLines, carts } from "./tables";

/**
 * A quote accepted into the buyer's cart (decision 101): the cart is emptied and holds the quote's lines at
 * their locked prices, in rupees, until it is emptied or ordered. The quotes module calls these; the cart
 * itself refuses any other change to a quoted cart.
 */

export interface QuotedPiece {
  productId: number;
  size: string;
  quantity: number;
  pricePaise: number;
}

/** Empties the user's cart (creating one if needed) and puts the quote's pieces in it; answers the cart id. */
export async function fillCartWithQuote(
  tx: Tx,
  userId: number,
  quoteId: number,
  pieces: readonly QuotedPiece[],
): Promise<string> {
  const cart = (await cartForChange(tx, null, { id: userId })) ?? (await createCart(tx, userId, "INR"));
  await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id));
  await tx.insert(cartLines).values(
    pieces.map((p) => ({
      cartId: cart.id,
      productId: p.productId,
      size: p.size,
      quantity: p.quantity,
      quoteId,
      quotedPricePaise: p.pricePaise,
    })),
  );
  await tx.update(carts).set({ currency: "INR" }).where(eq(carts.id, cart.id));
  return cart.id;
}
