import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { productVariants, products } from "../catalog/tables";
import { cartForChange, createCart, type CartRow } from "./cart-access";
import { assertNotQuoted } from "./quote-lock";
import { cartLines } from "./tables";

export interface PastPiece {
  productId: number | null;
  productName: string;
  size: string;
  /** A made-to-order piece's measurements or notes, made again as before (decision 099); "" for none. */
  notes: string;
  quantity: number;
}

export interface Skipped {
  product_name: string;
  size: string;
  reason: string;
}

/**
 * A past order's pieces added to the signed-in buyer's cart (decision 097): prices are never stored with a
 * line, so the cart prices them as today's. A product withdrawn, a size no longer sold or sold out is
 * skipped and said; a size with fewer pieces left is added up to its stock, and said.
 */
export async function addPastPieces(
  tx: Tx,
  user: SessionUser,
  pieces: readonly PastPiece[],
): Promise<{ cart: CartRow; added: number; skipped: Skipped[] }> {
  const cart = (await cartForChange(tx, null, user)) ?? (await createCart(tx, user.id, "INR"));
  await assertNotQuoted(tx, cart.id);
  let added = 0;
  const skipped: Skipped[] = [];
  for (const piece of pieces) {
    const say = (reason: string) => skipped.push({ product_name: piece.productName, size: piece.size, reason });
    const [variant] = piece.productId
      ? await tx
          .select({ stock: productVariants.stock, isActive: products.isActive, offered: productVariants.offered })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(eq(productVariants.productId, piece.productId), eq(productVariants.size, piece.size)))
      : [];
    if (!piece.productId || !variant || !variant.isActive || !variant.offered) {
      say("no longer sold");
      continue;
    }
    const line = and(
      eq(cartLines.cartId, cart.id),
      eq(cartLines.productId, piece.productId),
      eq(cartLines.size, piece.size),
      eq(cartLines.isDirectBuy, false),
      eq(cartLines.notes, piece.notes),
    );
    const [had] = await tx.select({ quantity: cartLines.quantity }).from(cartLines).where(line);
    const room = variant.stock - (had?.quantity ?? 0);
    if (room <= 0) {
      say(variant.stock === 0 ? "sold out" : "all the pieces left are in your cart already");
      continue;
    }
    const taken = Math.min(piece.quantity, room);
    if (taken < piece.quantity) say(`only ${taken} of ${piece.quantity} added: ${variant.stock} left`);
    const quantity = (had?.quantity ?? 0) + taken;
    await tx
      .insert(cartLines)
      .values({
        cartId: cart.id,
        productId: piece.productId,
        size: piece.size,
        isDirectBuy: false,
        notes: piece.notes,
        quantity,
      })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.productId, cartLines.size, cartLines.isDirectBuy, cartLines.notes],
        set: { quantity },
      });
    added += taken;
  }
  return { cart, added, skipped };
}
