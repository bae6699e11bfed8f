import { eq, sum } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { AppError } from "../../errors";
import { cartForChange } from "./cart-access";
import { cartLines } from "./tables";

export interface ClaimedCart {
  cartId: string | null;
  /** Said at login when the guest's pieces could not join the shopper's cart (it holds an accepted quote). */
  notice?: string;
}

export const keptOutOfQuotedCart = (pieces: number) =>
  `Your cart holds an accepted quote, so the ${pieces === 1 ? "piece" : `${pieces} pieces`} you added before logging in ` +
  "could not join it: a quoted cart holds only the quote, at its agreed prices. Check the quote out, or empty the cart, " +
  "then add them again.";

/**
 * At login: the guest's cart joins the user's (adopted, or merged into theirs). A cart that is unknown or
 * someone else's is ignored, since logging in must not fail over a stale id. When the user's cart holds an
 * accepted quote the guest cart is left untouched (cart-access's attachToUser) and the answer says so.
 */
export async function claimGuestCart(tx: Tx, userId: number, guestCartId: string | null): Promise<ClaimedCart> {
  const own = await cartForChange(tx, null, { id: userId });
  if (!guestCartId) return { cartId: own?.id ?? null };
  const claimed = await cartForChange(tx, guestCartId, { id: userId }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "CART_NOT_FOUND") return null;
    throw err;
  });
  if (!claimed) return { cartId: own?.id ?? null };
  if (claimed.id === guestCartId) return { cartId: claimed.id };
  // Merged guest carts are deleted: pieces still in the guest cart were kept out of the quoted one.
  const [left] = await tx
    .select({ pieces: sum(cartLines.quantity).mapWith(Number) })
    .from(cartLines)
    .where(eq(cartLines.cartId, guestCartId));
  const pieces = left?.pieces ?? 0;
  return pieces > 0 ? { cartId: claimed.id, notice: keptOutOfQuotedCart(pieces) } : { cartId: claimed.id };
}
