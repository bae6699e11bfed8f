import type { AdminReview, CustomerReview, ProductReview } from "@store/shared";
import type { customerReviews } from "./tables";

export type ReviewRow = typeof customerReviews.$inferSelect;

/** What every public view of a review shows: text only, which the pages render as text, never as HTML. */
const publicFields = (r: ReviewRow) => ({
  id: r.id,
  name: r.name,
  location: r.location,
  rating: r.rating,
  title: r.title,
  body: r.body,
  date: r.createdAt.toISOString(),
});

/** A review as a product page shows it. */
export const productReviewView = (r: ReviewRow): ProductReview => ({
  ...publicFields(r),
  verified: r.verified,
  size: r.size,
  fit: r.fit,
  photos: r.photos,
  seller_reply: r.sellerReply,
  seller_reply_at: r.sellerReplyAt?.toISOString() ?? null,
});

/** The spec's /customer-reviews page. */
export const customerReviewView = (r: ReviewRow): CustomerReview => ({ ...publicFields(r), product_id: r.productId });

export const adminReviewView = (r: ReviewRow, productName: string | null): AdminReview => ({
  id: r.id,
  product_id: r.productId,
  product_name: productName,
  name: r.name,
  location: r.location,
  rating: r.rating,
  title: r.title,
  body: r.body,
  is_approved: r.isApproved,
  verified: r.verified,
  order_id: r.orderId,
  size: r.size,
  fit: r.fit,
  photos: r.photos,
  seller_reply: r.sellerReply,
  seller_reply_at: r.sellerReplyAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});
