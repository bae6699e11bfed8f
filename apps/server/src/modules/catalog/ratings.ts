import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { invalidateCatalogCache } from "./cache";
import { products } from "./tables";

/**
 * A product's star rating and review count, as the reviews module works them out from its approved reviews
 * (issue 17), in the caller's transaction: the approval or hiding and the summary commit together.
 */
export async function setProductRating(
  tx: Tx,
  productId: number,
  summary: { rating: number; reviewCount: number },
): Promise<void> {
  await tx
    .update(products)
    .set({ rating: summary.rating, reviewCount: summary.reviewCount })
    .where(eq(products.id, productId));
  invalidateCatalogCache();
}
