import { and, desc, eq, sql } from "drizzle-orm";
import type { ReviewFit, ReviewSummary } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { setProductRating } from "../catalog/ratings";
import { customerReviews } from "./tables";

/** How many photos the section's strip shows, newest first. */
const SUMMARY_PHOTOS = 8;

const approvedOf = (productId: number) =>
  and(eq(customerReviews.productId, productId), eq(customerReviews.isApproved, true));

/**
 * Approved reviews grouped by whole star and fit, with their rating sums: the distribution, the fit summary
 * and the average from one query. The average is rounded to one decimal from the sum in tenths (whole and
 * half stars make that a whole number), so 4.25 is 4.3 and no float makes 4.35 a 4.3.
 */
async function groupsOf(executor: Db | Tx, productId: number) {
  const rows = await executor
    .select({
      stars: sql<number>`floor(${customerReviews.rating})::int`,
      fit: customerReviews.fit,
      n: sql<number>`count(*)::int`,
      tenths: sql<number>`(sum(${customerReviews.rating}) * 10)::int`,
    })
    .from(customerReviews)
    .where(approvedOf(productId))
    .groupBy(sql`1`, customerReviews.fit);
  const count = rows.reduce((n, r) => n + r.n, 0);
  const tenths = rows.reduce((n, r) => n + r.tenths, 0);
  const rating = count === 0 ? 0 : Math.round(tenths / count) / 10;
  const distribution = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  const fit: Record<ReviewFit, number> = { small: 0, true_to_size: 0, large: 0 };
  for (const r of rows) {
    distribution[Math.min(5, Math.max(1, r.stars)) as 1 | 2 | 3 | 4 | 5] += r.n;
    if (r.fit) fit[r.fit] += r.n;
  }
  return { rating, review_count: count, distribution, fit };
}

/** A product's summary for its page: the counts, and the newest approved photos. */
export async function reviewSummary(db: Db, productId: number): Promise<ReviewSummary> {
  const [groups, withPhotos] = await Promise.all([
    groupsOf(db, productId),
    db
      .select({ photos: customerReviews.photos })
      .from(customerReviews)
      .where(and(approvedOf(productId), sql`jsonb_array_length(${customerReviews.photos}) > 0`))
      .orderBy(desc(customerReviews.createdAt), desc(customerReviews.id))
      .limit(SUMMARY_PHOTOS),
  ]);
  return { ...groups, photos: withPhotos.flatMap((r) => r.photos).slice(0, SUMMARY_PHOTOS) };
}

/**
 * Sets the product's rating and review count from its approved reviews, in the caller's transaction (the one
 * that approved or hid a review), so the numbers a shopper reads are never a review behind.
 */
export async function recomputeProductRating(tx: Tx, productId: number | null): Promise<void> {
  if (productId === null) return;
  const { rating, review_count } = await groupsOf(tx, productId);
  await setProductRating(tx, productId, { rating, reviewCount: review_count });
}
