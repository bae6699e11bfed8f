/** Review rules without zod, for the pages that show reviews (the schemas in schemas/reviews.ts use them). */
export const REVIEW_PHOTOS_MAX = 3;
export const REVIEWS_PAGE_SIZE = 5;

export const REVIEW_FITS = ["small", "true_to_size", "large"] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];
export const REVIEW_FIT_LABELS: Record<ReviewFit, string> = {
  small: "Runs small",
  true_to_size: "True to size",
  large: "Runs large",
};

/** The answer a review with markup in it gets: reviews are shown as text, so a tag is refused, not cleaned. */
export const REVIEW_PLAIN_TEXT = "Please write your review as plain text";
/** What a shopper reads once the review is sent: nothing is shown before the seller approves it. */
export const REVIEW_THANKS = "Thank you: your review will appear once the seller has read it.";

/** Anything a browser reads as a tag (`<b`, `</p`, `<!--`, `<script`); "<3" or "S < M" is fine. */
const MARKUP = /<[a-zA-Z!/?]/;
export const hasMarkup = (value: string): boolean => MARKUP.test(value);
