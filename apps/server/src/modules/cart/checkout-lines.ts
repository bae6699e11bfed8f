import { and, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { cartNotFound, mayUse, type CartRow } from "./cart-access";
import { cartLines, cartReminders, carts } from "./tables";

/** What an order took from a cart: pieces of a product size (direct-buy or not). */
export interface OrderedPieces {
  productId: number;
  size: string;
  quantity: number;
}

/** Locks a cart for a checkout step, so two confirmations of one cart run one after the other. */
export async function lockCart(tx: Tx, cartId: string): Promise<void> {
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
}

/**
 * Marks the cart as changed. Its `updated_at` is part of the checkout's idempotency key, so the next
 * checkout of this cart is a new attempt (after an order was paid or cancelled).
 */
export async function touchCart(tx: Tx, cartId: string): Promise<void> {
  await tx
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * Locks a cart for a checkout attempt and answers it as it now is (undefined when there is none), in one
 * statement: the given cart, or without one the user's own. The cart's access rules are checked on the
 * locked row (a guest cart by its id, a user's cart only with their token: someone else's is a 404), so
 * the checkout reads the cart once. With `checkoutEmail` (a guest's, kept on the cart for its reminder) the
 * update is the lock; a refused attempt rolls it back. Keeping the address is not a change of the cart:
 * `updated_at` (the checkout's idempotency key, and the reminder's clock) stays as it is.
 */
export async function lockCartForCheckout(
  tx: Tx,
  cartId: string | null,
  user: Pick<SessionUser, "id"> | null,
  checkoutEmail: string | null,
): Promise<CartRow | undefined> {
  const where = cartId ? eq(carts.id, cartId) : user ? eq(carts.userId, user.id) : undefined;
  if (!where) return undefined;
  const [cart] =
    checkoutEmail && cartId
      ? await tx.update(carts).set({ checkoutEmail: checkoutEmail.trim() }).where(where).returning()
      : await tx.select().from(carts).where(where).limit(1).for("update");
  if (cart && !mayUse(cart, user)) throw cartNotFound();
  return cart;
}

/** A cart line as taking the ordered pieces out of the cart needs it. */
export type CartLinePiece = { id: number; productId: number; size: string; quantity: number };

/**
 * The cart's lines (direct-buy lines first) as one json column of the caller's read: a confirmation reads them
 * with its order's lines, one round trip less. Uncorrelated, so PostgreSQL computes it once per statement.
 */
export function cartLinesColumn(cartId: string): SQL<CartLinePiece[]> {
  return sql`(select coalesce(json_agg(json_build_object('id', ${cartLines.id}, 'productId', ${cartLines.productId},
      'size', ${cartLines.size}, 'quantity', ${cartLines.quantity})
      order by ${cartLines.isDirectBuy} desc, ${cartLines.id}), '[]'::json)
    from ${cartLines} where ${cartLines.cartId} = ${cartId})`.mapWith((value: unknown) =>
    typeof value === "string" ? (JSON.parse(value) as CartLinePiece[]) : (value as CartLinePiece[]),
  );
}

/**
 * The writes that take the ordered pieces out of the cart (direct-buy lines first), for the confirming caller
 * to send with its own in one statement (a line only partly ordered is lowered here). Pieces added while the
 * shopper was paying stay, so a second tab's additions are not lost. A cart that is gone (merged at login) is skipped.
 * An open reminder of this cart, or one whose link restored into it, counts as recovered by this order.
 */
export async function orderedLinesWrites(
  tx: Tx,
  cartId: string,
  pieces: OrderedPieces[],
  orderId: number | null,
  /** The cart's lines as the caller read them under the cart's lock (`cartLinesColumn`). */
  lines: readonly CartLinePiece[],
): Promise<SQL[]> {
  const wanted = new Map<string, number>();
  for (const p of pieces)
    wanted.set(`${p.productId}|${p.size}`, (wanted.get(`${p.productId}|${p.size}`) ?? 0) + p.quantity);
  const emptied: number[] = [];
  for (const line of lines) {
    const key = `${line.productId}|${line.size}`;
    const left = wanted.get(key) ?? 0;
    if (left <= 0) continue;
    const taken = Math.min(left, line.quantity);
    wanted.set(key, left - taken);
    if (taken === line.quantity) emptied.push(line.id);
    else
      await tx
        .update(cartLines)
        .set({ quantity: line.quantity - taken })
        .where(eq(cartLines.id, line.id));
  }
  // Written by the caller in one statement with its own writes (data-modifying CTEs): the emptied lines
  // deleted, the reminder recovered, the cart touched. None reads another's rows.
  return [
    ...(emptied.length > 0 ? [sql`delete from ${cartLines} where ${inArray(cartLines.id, emptied)}`] : []),
    sql`update ${cartReminders} set recovered_at = now(), recovered_order_id = ${orderId}
      where (cart_id = ${cartId} or restored_cart_id = ${cartId}) and recovered_at is null`,
    sql`update ${carts} set updated_at = now() where id = ${cartId}`,
  ];
}

/** Housekeeping: guest carts nobody touched for `days` (a signed-in shopper's cart stays with the account). */
export async function deleteStaleGuestCarts(db: Db, days = 30): Promise<number> {
  const gone = await db
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, sql`now() - make_interval(days => ${days})`)))
    .returning({ id: carts.id });
  return gone.length;
}
