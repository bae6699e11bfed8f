import { count, desc, eq, sql } from "drizzle-orm";
import type { AdminReview, AdminReviewListQuery, AdminReviewListResponse } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { invalidateCatalogCache } from "../catalog/cache";
import { products } from "../catalog/tables";
import { recomputeProductRating } from "./summary";
import { customerReviews } from "./tables";
import { adminReviewView } from "./views";

/**
 * The back office's moderation (admin/inbox.ts calls these with its audit row in the same transaction):
 * approve, hide, reply as the seller. Approving or hiding sets the product's rating and count again.
 */

/** A review with the name of its product (a read of the catalogue, which this layer sits above). */
const reviewsWithProduct = (executor: Pick<Db, "select">) =>
  executor
    .select({ review: customerReviews, productName: products.name })
    .from(customerReviews)
    .leftJoin(products, eq(products.id, customerReviews.productId));

/** Newest first; `approved=false` is the moderation queue (new and hidden reviews). */
export async function listReviews(db: Db, query: AdminReviewListQuery): Promise<AdminReviewListResponse> {
  const where = query.approved === undefined ? undefined : eq(customerReviews.isApproved, query.approved);
  const [rows, [total]] = await Promise.all([
    reviewsWithProduct(db)
      .where(where)
      .orderBy(desc(customerReviews.createdAt), desc(customerReviews.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(customerReviews).where(where),
  ]);
  return {
    data: rows.map((r) => adminReviewView(r.review, r.productName)),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** One review; `lock` holds its row (not its product's) until the transaction ends. */
export async function findReview(executor: Db | Tx, id: number, lock = false): Promise<AdminReview | undefined> {
  const query = reviewsWithProduct(executor).where(eq(customerReviews.id, id));
  const [row] = lock ? await query.for("update", { of: customerReviews }) : await query;
  return row && adminReviewView(row.review, row.productName);
}

/** Shown on the site (approved) or not, and the product's numbers follow; repeating either changes nothing. */
export async function setReviewApproval(tx: Tx, id: number, approved: boolean): Promise<void> {
  const [row] = await tx
    .update(customerReviews)
    .set({ isApproved: approved })
    .where(eq(customerReviews.id, id))
    .returning({ productId: customerReviews.productId });
  await recomputeProductRating(tx, row?.productId ?? null);
}

/** The seller's public answer under the review; an empty one removes it. */
export async function setReviewReply(tx: Tx, id: number, reply: string): Promise<void> {
  await tx
    .update(customerReviews)
    .set(reply === "" ? { sellerReply: null, sellerReplyAt: null } : { sellerReply: reply, sellerReplyAt: sql`now()` })
    .where(eq(customerReviews.id, id));
  // The product page's reviews are cached with the catalogue.
  invalidateCatalogCache();
}
