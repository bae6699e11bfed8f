import { and, eq, sql } from "drizzle-orm";
import { MESSAGES, type RestoreCartRequest } from "@store/shared";
import type { Tx } from "../../db/client";
import { AppError } from "../../errors";
import { productVariants, products } from "../catalog/tables";
import type { SessionUser } from "../accounts/service";
import { cartForChange, createCart, type CartRow } from "./cart-access";
import { assertNotQuoted } from "./quote-lock";
import type { ReminderLinks } from "./reminder-links";
import { cartLines, cartReminders } from "./tables";

/** A restore link works this long after its e-mail (a month-old cart is not worth bringing back). */
export const RESTORE_LINK_DAYS = 30;

/** One answer for forged, unknown and expired links: nothing tells which ids exist. */
function linkNotValid(): AppError {
  return new AppError("not_found", MESSAGES.linkNotValid, "LINK_NOT_VALID");
}

/** The caller's cart: the user's (a guest cart_id with a token joins it), this browser's, or none yet. */
async function targetCart(tx: Tx, cartId: string | null, user: SessionUser | null): Promise<CartRow | null> {
  try {
    return await cartForChange(tx, cartId, user);
  } catch (err) {
    // A stale cart_id in the browser must not stop the restore: the pieces go to a new cart instead.
    if (err instanceof AppError && err.code === "CART_NOT_FOUND") return cartForChange(tx, null, user);
    throw err;
  }
}

/**
 * Copies a reminder's pieces that are still for sale into the caller's cart. Quantities are set, not added
 * (the larger of what the cart has and what the reminder listed, capped by stock), so opening the link twice
 * never doubles them. It copies rather than hands over the reminded cart: the link is a bearer token that may
 * be forwarded, and it must never give access to a shopper's cart or account.
 */
export async function restoreReminded(
  tx: Tx,
  links: ReminderLinks,
  input: RestoreCartRequest,
  user: SessionUser | null,
): Promise<CartRow> {
  if (!links.isGenuine(input.reminder, input.signature)) throw linkNotValid();
  const [reminder] = await tx
    .select()
    .from(cartReminders)
    .where(
      and(
        eq(cartReminders.id, input.reminder),
        sql`${cartReminders.sentAt} > now() - make_interval(days => ${RESTORE_LINK_DAYS})`,
      ),
    )
    .for("update");
  if (!reminder) throw linkNotValid();

  const cart =
    (await targetCart(tx, input.cart_id, user)) ?? (await createCart(tx, user?.id ?? null, reminder.currency));
  // A cart holding an accepted quote stays the quote (decision 101): the restore is refused, nothing copied.
  await assertNotQuoted(tx, cart.id);
  for (const { notes = "", ...piece } of reminder.pieces) {
    const [variant] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .innerJoin(products, and(eq(products.id, productVariants.productId), eq(products.isActive, true)))
      .where(
        and(
          eq(productVariants.productId, piece.productId),
          eq(productVariants.size, piece.size),
          eq(productVariants.offered, true),
        ),
      );
    if (!variant || variant.stock <= 0) continue;
    const line = and(
      eq(cartLines.cartId, cart.id),
      eq(cartLines.productId, piece.productId),
      eq(cartLines.size, piece.size),
      eq(cartLines.isDirectBuy, false),
      // The notes are part of the line (decision 099): a made-to-order piece comes back with the ones it had.
      eq(cartLines.notes, notes),
    );
    const [had] = await tx.select({ quantity: cartLines.quantity }).from(cartLines).where(line);
    const quantity = Math.max(had?.quantity ?? 0, Math.min(piece.quantity, variant.stock));
    if (quantity === had?.quantity) continue;
    await tx
      .insert(cartLines)
      .values({ cartId: cart.id, productId: piece.productId, size: piece.size, isDirectBuy: false, notes, quantity })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.productId, cartLines.size, cartLines.isDirectBuy, cartLines.notes],
        set: { quantity },
      });
  }
  await tx
    .update(cartReminders)
    .set({ restoredAt: sql`coalesce(${cartReminders.restoredAt}, now())`, restoredCartId: cart.id })
    .where(eq(cartReminders.id, reminder.id));
  return cart;
}
