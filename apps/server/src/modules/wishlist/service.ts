import { and, desc, eq, sql } from "drizzle-orm";
import {
  PRODUCT_SIZES,
  WISHLIST_LIMIT,
  type Currency,
  type ProductSize,
  type WishlistIdsResponse,
  type WishlistResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/service";
import { loadOfferedSizes, loadProductCards } from "../catalog/product-cards";
import { wishlistItems } from "./tables";

const isProductSize = (size: string): size is ProductSize => (PRODUCT_SIZES as readonly string[]).includes(size);
const productNotFound = () => new AppError("not_found", "Product not found");

/**
 * The shopper's saved products. A product is saved, with the size chosen when it was (issue 40): the list shows
 * every size with its stock and starts on that size.
 * A product the seller withdrew stays on the list, marked no longer sold, until the shopper removes it.
 */
export function createWishlistService(db: Db) {
  /** Cards for the ids in their order (today's prices in `currency`), each with its sizes; unknown ids are absent. */
  async function itemsFor(
    ids: readonly number[],
    currency: Currency,
    savedSizes: ReadonlyMap<number, ProductSize> = new Map(),
  ): Promise<WishlistResponse> {
    const [cards, sizes] = await Promise.all([
      loadProductCards(db, ids, currency),
      loadOfferedSizes(db, ids, currency),
    ]);
    return {
      data: cards.map((card) => ({
        ...card,
        sizes: sizes.get(card.id) ?? [],
        saved_size: savedSizes.get(card.id) ?? null,
      })),
      currency,
    };
  }

  /** The size saved with each of the shopper's pieces (those saved with one). */
  async function savedSizes(userId: number): Promise<Map<number, ProductSize>> {
    const rows = await db
      .select({ id: wishlistItems.productId, size: wishlistItems.size })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId));
    return new Map(rows.flatMap((r) => (r.size && isProductSize(r.size) ? [[r.id, r.size] as const] : [])));
  }

  /** Records the chosen size of saved pieces (a size of a piece not saved changes nothing). */
  async function rememberSizes(userId: number, sizes: ReadonlyMap<number, ProductSize>): Promise<void> {
    for (const [productId, size] of sizes)
      await db
        .update(wishlistItems)
        .set({ size })
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  }

  async function savedIds(userId: number): Promise<WishlistIdsResponse> {
    const rows = await db
      .select({ id: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
    return { product_ids: rows.map((r) => r.id) };
  }

  /** The products among `ids` a shopper may save now: known and still sold. */
  async function onSale(ids: readonly number[]): Promise<number[]> {
    const cards = await loadProductCards(db, ids, "USD");
    return cards.filter((card) => card.is_active).map((card) => card.id);
  }

  /**
   * Saves the products (newest first) that are not saved yet, as many as fit under the cap; the first gets
   * the latest time so the list keeps their order. Two calls racing may pass the cap by a piece or two,
   * which harms nothing.
   */
  async function save(userId: number, newestFirst: readonly number[]): Promise<void> {
    const saved = (await savedIds(userId)).product_ids;
    const fresh = newestFirst.filter((id) => !saved.includes(id)).slice(0, Math.max(0, WISHLIST_LIMIT - saved.length));
    if (fresh.length === 0) return;
    await db
      .insert(wishlistItems)
      .values(
        fresh.map((productId, index) => ({
          userId,
          productId,
          createdAt: sql`now() - make_interval(secs => ${index} * 0.001)`,
        })),
      )
      .onConflictDoNothing();
  }

  return {
    itemsFor,
    savedIds: (user: SessionUser) => savedIds(user.id),

    async list(user: SessionUser, currency: Currency): Promise<WishlistResponse> {
      const [ids, sizes] = await Promise.all([savedIds(user.id), savedSizes(user.id)]);
      return itemsFor(ids.product_ids, currency, sizes);
    },

    /** Idempotent; an unknown or withdrawn product is a 404, and a full list a 422. */
    async add(user: SessionUser, productId: number, size?: ProductSize): Promise<WishlistIdsResponse> {
      if ((await onSale([productId])).length === 0) throw productNotFound();
      const chosen = new Map(size ? [[productId, size]] : []);
      const current = await savedIds(user.id);
      if (current.product_ids.includes(productId)) {
        await rememberSizes(user.id, chosen);
        return current;
      }
      if (current.product_ids.length >= WISHLIST_LIMIT)
        throw new AppError(
          "unprocessable",
          `Your wishlist holds ${WISHLIST_LIMIT} pieces: remove one to save another`,
          "WISHLIST_FULL",
        );
      await save(user.id, [productId]);
      await rememberSizes(user.id, chosen);
      return savedIds(user.id);
    },

    /** Idempotent: removing what is not there changes nothing. */
    async remove(user: SessionUser, productId: number): Promise<WishlistIdsResponse> {
      await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, user.id), eq(wishlistItems.productId, productId)));
      return savedIds(user.id);
    },

    /**
     * A guest's list joins the account's at login. Ids of products unknown or no longer sold are skipped
     * (the browser's list may be old); what does not fit under the cap is dropped, oldest first.
     */
    async merge(
      user: SessionUser,
      productIds: readonly number[],
      sizes: Readonly<Record<string, ProductSize>> = {},
    ): Promise<WishlistIdsResponse> {
      const unique = [...new Set(productIds)];
      const sellable = new Set(await onSale(unique));
      // The browser keeps its newest first, as the account's list does.
      await save(
        user.id,
        unique.filter((id) => sellable.has(id)),
      );
      const chosen = new Map(
        Object.entries(sizes).flatMap(([id, size]) => (sellable.has(Number(id)) ? [[Number(id), size] as const] : [])),
      );
      await rememberSizes(user.id, chosen);
      return savedIds(user.id);
    },
  };
}
