import { z } from "zod";
import { shopperPhotoSchema } from "./admin-common";
import { idParam } from "./common";
import { customerReviewSchema } from "./content";
import { requiredText, text } from "./input-rules";
import { hasMarkup, REVIEW_FITS, REVIEW_PHOTOS_MAX, REVIEW_PLAIN_TEXT } from "../reviews";

// The plain rules live outside this file so a page that shows reviews does not load zod (issue 18).
export {
  REVIEW_FIT_LABELS,
  REVIEW_FITS,
  REVIEW_PHOTOS_MAX,
  REVIEW_PLAIN_TEXT,
  REVIEW_THANKS,
  REVIEWS_PAGE_SIZE,
  type ReviewFit,
} from "../reviews";

const plain = <T extends z.ZodType<string>>(field: T) => field.refine((value) => !hasMarkup(value), REVIEW_PLAIN_TEXT);

/** `POST /api/orders/:id/lines/:lineId/review`: the buyer's review of one delivered line; the size is the line's. */
export const reviewRequestSchema = z.object({
  rating: z
    .number({ error: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(1, "Choose a rating from 1 to 5 stars")
    .max(5, "Choose a rating from 1 to 5 stars"),
  title: plain(requiredText("Title", 120)),
  body: plain(requiredText("Review", 3000, { multiline: true })),
  fit: z.enum(REVIEW_FITS, { error: "fit must be small, true_to_size or large" }).optional(),
  photos: z
    .array(shopperPhotoSchema)
    .max(REVIEW_PHOTOS_MAX, `Add at most ${REVIEW_PHOTOS_MAX} photos`)
    .optional()
    .transform((value) => value ?? []),
});
export const reviewLineParams = z.object({ id: idParam, lineId: idParam });
export const reviewSentResponseSchema = z.object({ id: z.number().int(), message: z.string() });

/** One approved review as a product page shows it. */
export const productReviewSchema = customerReviewSchema.omit({ product_id: true }).extend({
  verified: z.boolean(),
  size: z.string().nullable(),
  fit: z.enum(REVIEW_FITS).nullable(),
  photos: z.array(z.string()),
  seller_reply: z.string().nullable(),
  seller_reply_at: z.string().nullable(),
});

export const reviewSummarySchema = z.object({
  rating: z.number(),
  review_count: z.number().int(),
  /** Approved reviews by whole stars (a seller's half star counts down: 4.5 is a 4). */
  distribution: z.object({
    5: z.number().int(),
    4: z.number().int(),
    3: z.number().int(),
    2: z.number().int(),
    1: z.number().int(),
  }),
  fit: z.object({ small: z.number().int(), true_to_size: z.number().int(), large: z.number().int() }),
  /** The newest approved photos, for the section's strip. */
  photos: z.array(z.string()),
});

/** `GET /api/products/:id/reviews?page&stars` */
export const productReviewsQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int().min(1).max(10_000).default(1),
  stars: z.coerce.number({ error: "stars must be 1 to 5" }).int().min(1).max(5).optional(),
});
export const productReviewsResponseSchema = z.object({
  summary: reviewSummarySchema,
  data: z.array(productReviewSchema),
  /** Reviews matching the filter. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** What an order's pages need: the lines the shopper may review now (delivered, not reviewed yet). */
export const orderReviewsSchema = z.object({ reviewable_line_ids: z.array(z.number().int()) });

/** `POST /api/admin/customer-reviews/:id/reply`: an empty reply removes it. */
export const reviewReplyRequestSchema = z.object({
  reply: plain(text("Reply", 2000, { multiline: true })),
});

export type ReviewRequest = z.infer<typeof reviewRequestSchema>;
export type ReviewSentResponse = z.infer<typeof reviewSentResponseSchema>;
export type ProductReview = z.infer<typeof productReviewSchema>;
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
export type ProductReviewsQuery = z.infer<typeof productReviewsQuerySchema>;
export type ProductReviewsResponse = z.infer<typeof productReviewsResponseSchema>;
export type OrderReviews = z.infer<typeof orderReviewsSchema>;
