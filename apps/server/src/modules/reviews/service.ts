import { and, desc, eq, sql } from "drizzle-orm";
import {
  REVIEWS_PAGE_SIZE,
  type CustomerReviewListResponse,
  type OrderReviews,
  type ProductReviewsQuery,
  type ProductReviewsResponse,
  type ReviewRequest,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { MediaStore } from "../../media/storage";
import { createCatalogCache } from "../catalog/cache";
import { products } from "../catalog/tables";
import type { OrderAccess } from "../orders/reader";
import { reviewSummary } from "./summary";
import { customerReviews } from "./tables";
import { customerReviewView, productReviewView } from "./views";
import { reviewableLineIds, writeReview } from "./write";

/** The /customer-reviews page shows the newest; all of them would be a long page and a heavy answer. */
export const CUSTOMER_REVIEWS_LIMIT = 100;

/**
 * Verified-buyer reviews (issue 17): a buyer writes one per delivered line, the seller moderates it in the
 * back office (moderation.ts), and product pages show the approved ones with their summary.
 */
export function createReviewsService(db: Db, deps: { media: MediaStore }) {
  // Every product page asks for its first page: cached like the catalogue, and marked stale with it (an
  // approval sets the product's rating through the catalogue, a reply marks it stale itself).
  const cache = createCatalogCache();

  async function loadProductReviews(productId: number, query: ProductReviewsQuery): Promise<ProductReviewsResponse> {
    const onPage = and(
      eq(customerReviews.productId, productId),
      eq(customerReviews.isApproved, true),
      query.stars === undefined ? undefined : sql`floor(${customerReviews.rating}) = ${query.stars}`,
    );
    const [[product], summary, rows] = await Promise.all([
      db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.isActive, true))),
      reviewSummary(db, productId),
      db
        .select()
        .from(customerReviews)
        .where(onPage)
        .orderBy(desc(customerReviews.createdAt), desc(customerReviews.id))
        .limit(REVIEWS_PAGE_SIZE)
        .offset((query.page - 1) * REVIEWS_PAGE_SIZE),
    ]);
    if (!product) throw new AppError("not_found", "Product not found");
    return {
      summary,
      data: rows.map(productReviewView),
      total: query.stars === undefined ? summary.review_count : summary.distribution[query.stars as 1],
      page: query.page,
      page_size: REVIEWS_PAGE_SIZE,
    };
  }

  return {
    /** `GET /api/products/:id/reviews`: approved only, newest first, optionally of one star count. */
    productReviews: (productId: number, query: ProductReviewsQuery) =>
      cache.get(`reviews:${productId}:${query.page}:${query.stars ?? ""}`, () => loadProductReviews(productId, query)),

    /** `GET /api/customer-reviews/`: the newest approved reviews of the whole shop. */
    async customerReviews(): Promise<CustomerReviewListResponse> {
      const rows = await db
        .select()
        .from(customerReviews)
        .where(eq(customerReviews.isApproved, true))
        .orderBy(desc(customerReviews.createdAt), desc(customerReviews.id))
        .limit(CUSTOMER_REVIEWS_LIMIT);
      return { data: rows.map(customerReviewView) };
    },

    write: (access: OrderAccess, orderId: number, lineId: number, input: ReviewRequest) =>
      writeReview(db, deps.media, access, orderId, lineId, input),

    /** What the order's pages need to offer "Write a review". */
    forOrder: async (orderId: number): Promise<OrderReviews> => ({
      reviewable_line_ids: await reviewableLineIds(db, orderId),
    }),
  };
}
