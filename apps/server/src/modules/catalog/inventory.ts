import { and, eq, gte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { invalidateCatalogCache } from "./cache";
import { productVariants, products } from "./tables";

/** Pieces of one size of a product (a variant), as an order line holds them. */
export interface Pieces {
  variantId: number | null;
  quantity: number;
}

class ShortOf extends Error {
  constructor(readonly index: number) {
    super("short of stock");
  }
}

/**
 * Takes the pieces from stock, all or none: each line with a guarded update (a piece is never taken twice,
 * whatever runs in parallel), in variant order so two takers of the same sizes cannot deadlock, inside a
 * savepoint so a short line undoes the lines before it. Answers the index (in `pieces`) of the first line
 * that could not be supplied, or null when everything was taken. A line whose size no longer exists is short.
 * Product pages see the change once the caller's transaction commits.
 */
export async function takeStock(tx: Tx, pieces: readonly Pieces[]): Promise<number | null> {
  const order = pieces.map((p, index) => ({ ...p, index })).sort((a, b) => (a.variantId ?? 0) - (b.variantId ?? 0));
  // One line has nothing before it to undo: no savepoint then (two round trips fewer for most orders).
  const allOrNothing = (take: (sp: Tx) => Promise<void>) => (order.length > 1 ? tx.transaction(take) : take(tx));
  try {
    await allOrNothing(async (sp) => {
      for (const line of order) {
        const taken =
          line.variantId === null
            ? []
            : await sp
                .update(productVariants)
                .set({
                  stock: sql`${productVariants.stock} - ${line.quantity}`,
                  unitsSold: sql`${productVariants.unitsSold} + ${line.quantity}`,
                })
                .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
                .returning({ id: productVariants.id });
        if (taken.length === 0) throw new ShortOf(line.index);
      }
    });
    if (pieces.length > 0) invalidateCatalogCache();
    return null;
  } catch (err) {
    if (err instanceof ShortOf) return err.index;
    throw err;
  }
}

/** Puts pieces back on the shelf (an order that lapsed or was cancelled before it left). */
export async function returnStock(tx: Tx, pieces: readonly Pieces[]): Promise<void> {
  const order = [...pieces].sort((a, b) => (a.variantId ?? 0) - (b.variantId ?? 0));
  for (const line of order) {
    if (line.variantId === null) continue;
    await tx
      .update(productVariants)
      // Pieces given back were not sold after all (the "best selling" sort counts what stayed sold).
      .set({
        stock: sql`${productVariants.stock} + ${line.quantity}`,
        unitsSold: sql`greatest(${productVariants.unitsSold} - ${line.quantity}, 0)`,
      })
      .where(eq(productVariants.id, line.variantId));
  }
  if (pieces.length > 0) invalidateCatalogCache();
}

/** A size a product is offered in (active and not withdrawn), with its stock; null when it is not offered. */
export async function offeredVariant(
  db: Db | Tx,
  productId: number,
  size: string,
): Promise<{ id: number; stock: number } | null> {
  const [variant] = await db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.size, size),
        eq(productVariants.offered, true),
        eq(products.isActive, true),
      ),
    );
  return variant ?? null;
}
