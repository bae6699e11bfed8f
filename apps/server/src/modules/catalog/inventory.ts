import { and, eq, gte, sql, type SQL } from "drizzle-orm";
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

/**
 * `takeStock` as the bodies of data-modifying CTEs (named by their keys) of the caller's statement (a new
 * order's, decision 107), run only where `gate` holds: `stock_locked` locks the sizes in variant order (as `takeStock` takes them, so two takers
 * cannot deadlock), and `stock_taken` takes each size's pieces where enough are left, answering its id. A
 * short size takes nothing, and the caller refuses and rolls back the rest (`stockTakenBy` says which line).
 * Pieces of one size on several lines are taken together.
 */
export function takeStockCtes(pieces: readonly Pieces[], gate: SQL): { stock_locked: SQL; stock_taken: SQL } {
  const wanted = new Map<number, number>();
  for (const p of pieces)
    if (p.variantId !== null) wanted.set(p.variantId, (wanted.get(p.variantId) ?? 0) + p.quantity);
  const json = JSON.stringify([...wanted].map(([id, q]) => ({ id, q })));
  const wantedRows = sql`jsonb_to_recordset(${json}::jsonb) as wanted(id int, q int)`;
  return {
    stock_locked: sql`select id from ${productVariants}
      where id in (select id from ${wantedRows}) and ${gate}
      order by id for update`,
    stock_taken: sql`update ${productVariants} v set stock = v.stock - wanted.q, units_sold = v.units_sold + wanted.q
      from ${wantedRows}
      where v.id = wanted.id and v.stock >= wanted.q and v.id in (select id from stock_locked)
      returning v.id`,
  };
}

/**
 * What `takeStockCtes` did, from the ids `stock_taken` answered: as `takeStock`, the index (in `pieces`, in
 * variant order) of the first line that could not be supplied, or null when everything was taken.
 */
export function stockTakenBy(pieces: readonly Pieces[], takenIds: readonly number[]): number | null {
  const taken = new Set(takenIds);
  const order = pieces.map((p, index) => ({ ...p, index })).sort((a, b) => (a.variantId ?? 0) - (b.variantId ?? 0));
  const short = order.find((p) => p.variantId === null || !taken.has(p.variantId));
  if (short) return short.index;
  if (pieces.length > 0) invalidateCatalogCache();
  return null;
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
