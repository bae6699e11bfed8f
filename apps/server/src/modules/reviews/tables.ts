import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ReviewFit } from "@store/shared";
import { users } from "../accounts/tables";
import { products } from "../catalog/tables";
import { orderLines, orders } from "../orders/tables";

/**
 * Product reviews: a buyer's, written from a delivered order line (`verified`), or older ones the seller typed
 * in and the demo's seeded ones (no order, not verified). Shown only once approved in the back office.
 */
export const customerReviews = pgTable(
  "customer_reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** One review per delivered line: the unique index is what refuses a second one. */
    orderLineId: integer("order_line_id").references(() => orderLines.id, { onDelete: "set null" }),
    verified: boolean("verified").notNull().default(false),
    name: text("name").notNull(),
    location: text("location").notNull().default(""),
    /** Whole stars for new reviews; the seller's older ones may hold a half. */
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull(),
    /** The size bought, from the order line. */
    size: text("size"),
    fit: text("fit").$type<ReviewFit>(),
    /** Stored media paths (`/media/reviews/….webp`). */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    sellerReply: text("seller_reply"),
    sellerReplyAt: timestamp("seller_reply_at", { withTimezone: true }),
    isApproved: boolean("is_approved").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_reviews_product_idx").on(t.productId, t.isApproved, t.createdAt),
    uniqueIndex("customer_reviews_order_line_idx").on(t.orderLineId),
    check("customer_reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("customer_reviews_fit", sql`${t.fit} is null or ${t.fit} in ('small', 'true_to_size', 'large')`),
  ],
);
