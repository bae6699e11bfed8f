import type { AdminReview, CustomerReview, ProductReview } from "@store/shared";
import type { customerReviews } from "./tables";

export type ReviewRow = typeof customerReviews.$inferSelect;

/** A review as a product page shows it (text only: the page renders it as text, never as HTML). */
export const productReviewView = (r: ReviewRow): ProductReview => ({
  id: r.id,
  name: r.name,
  location: r.location,
  rating: r.rating,
  title: r.title,
  body: r.body,
  verified: r.verified,
  size: r.size,
  fit: r.fit,
  photos: r.photos,
  seller_reply: r.sellerReply,
  seller_reply_at: r.sellerReplyAt?.toISOString() ?? null,
  date: r.createdAt.toISOString(),
});

/** The spec's /customer-reviews page. */
export const customerReviewView = (r: ReviewRow): CustomerReview => ({
  id: r.id,
  name: r.name,
  location: r.location,
  rating: r.rating,
  title: r.title,
  body: r.body,
  product_id: r.productId,
  date: r.createdAt.toISOString(),
});

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
