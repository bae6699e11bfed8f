import { and, eq, sql } from "drizzle-orm";
import type { Currency } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { users } from "../accounts/tables";
import { productVariants, products } from "../catalog/tables";
import { quoteOfCart } from "./quote-lock";
import { cartLines, carts } from "./tables";
import type { SessionUser } from "../accounts/service";

export type CartRow = typeof carts.$inferSelect;

/** One answer for "no such cart" and "someone else's cart": a cart's existence is not disclosed. */
export function cartNotFound(): AppError {
  return new AppError("not_found", "Cart not found", "CART_NOT_FOUND");
}

/** A guest cart (no owner) is usable by whoever holds its id; an owned cart only by its owner. */
export function mayUse(cart: CartRow, user: Pick<SessionUser, "id"> | null): boolean {
  return cart.userId === null || cart.userId === user?.id;
}

async function selectCart(db: Db, where: ReturnType<typeof eq>, lock: boolean): Promise<CartRow | undefined> {
  const query = db.select().from(carts).where(where).limit(1);
  const [cart] = lock ? await query.for("update") : await query;
  return cart;
}

/** The cart a read may show: the given one (if the user may see it), else the user's own, else none. */
export async function cartForReading(
  db: Db,
  cartId: string | null,
  user: Pick<SessionUser, "id"> | null,
): Promise<CartRow | null> {
  if (cartId) {
    const cart = await selectCart(db, eq(carts.id, cartId), false);
    if (!cart || !mayUse(cart, user)) throw cartNotFound();
    return cart;
  }
  return user ? ((await selectCart(db, eq(carts.userId, user.id), false)) ?? null) : null;
}

/**
 * The cart a change applies to, locked for the rest of the transaction. The user's row is locked first,
 * so one shopper's concurrent requests queue up instead of creating two carts or merging twice.
 * A guest cart presented with a token becomes the user's (adopted, or merged into the cart they have).
 */
export async function cartForChange(
  tx: Tx,
  cartId: string | null,
  user: Pick<SessionUser, "id"> | null,
): Promise<CartRow | null> {
  if (user) await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
  if (cartId) {
    const cart = await selectCart(tx, eq(carts.id, cartId), true);
    if (!cart || !mayUse(cart, user)) throw cartNotFound();
    return user && cart.userId === null ? attachToUser(tx, cart, user.id) : cart;
  }
  return user ? ((await selectCart(tx, eq(carts.userId, user.id), true)) ?? null) : null;
}

export async function createCart(tx: Tx, userId: number | null, currency: Currency): Promise<CartRow> {
  const [cart] = await tx.insert(carts).values({ userId, currency }).returning();
  if (!cart) throw new Error("inserting a cart returned no row");
  return cart;
}

/** Removes a cart no one was told of yet (its lines go with it): a guest's first add refused after it was written. */
export async function discardCart(db: Db, cartId: string): Promise<void> {
  await db.delete(carts).where(eq(carts.id, cartId));
}

/**
 * Gives a guest cart to a user: it becomes their cart, or its lines join the cart they already have. A cart
 * holding an accepted quote takes nothing in (decision 101): the guest cart is left as it is, a guest cart
 * still, and the caller that reports to the shopper (login) says its pieces were kept out.
 */
export async function attachToUser(tx: Tx, guest: CartRow, userId: number): Promise<CartRow> {
  const own = await selectCart(tx, eq(carts.userId, userId), true);
  if (own && (await quoteOfCart(tx, own.id)) !== null) return own;
  if (!own) {
    const [adopted] = await tx
      .update(carts)
      .set({ userId, updatedAt: sql`now()` })
      .where(eq(carts.id, guest.id))
      .returning();
    return adopted ?? guest;
  }
  await mergeLines(tx, guest.id, own.id);
  await tx.delete(carts).where(eq(carts.id, guest.id));
  return own;
}

type LineIdentity = { productId: number; size: string; isDirectBuy: boolean; notes: string };
const lineKey = (line: LineIdentity) => JSON.stringify([line.productId, line.size, line.isDirectBuy, line.notes]);

/** Adds every line of one cart to another: quantities add up, capped by what is in stock. */
async function mergeLines(tx: Tx, fromCartId: string, intoCartId: string): Promise<void> {
  const identity = {
    productId: cartLines.productId,
    size: cartLines.size,
    isDirectBuy: cartLines.isDirectBuy,
    notes: cartLines.notes,
    quantity: cartLines.quantity,
  };
  const existing = new Map(
    (await tx.select(identity).from(cartLines).where(eq(cartLines.cartId, intoCartId))).map((line) => [
      lineKey(line),
      line.quantity,
    ]),
  );
  const incoming = await tx
    .select({
      ...identity,
      stock:
        sql<number>`case when ${products.isActive} and ${productVariants.offered} then ${productVariants.stock} else 0 end`.mapWith(
          Number,
        ),
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .innerJoin(
      productVariants,
      and(eq(productVariants.productId, cartLines.productId), eq(productVariants.size, cartLines.size)),
    )
    .where(eq(cartLines.cartId, fromCartId));

  for (const line of incoming) {
    const had = existing.get(lineKey(line)) ?? 0;
    // Never lowers what the shopper already had, even if stock has since dropped below it.
    const quantity = Math.min(had + line.quantity, Math.max(line.stock, had));
    if (quantity <= had) continue;
    await tx
      .insert(cartLines)
      .values({
        cartId: intoCartId,
        productId: line.productId,
        size: line.size,
        isDirectBuy: line.isDirectBuy,
        notes: line.notes,
        quantity,
      })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.productId, cartLines.size, cartLines.isDirectBuy, cartLines.notes],
        set: { quantity },
      });
  }
}
