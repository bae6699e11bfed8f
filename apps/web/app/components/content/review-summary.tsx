import { RATING_MAX, type CustomerReview } from "@store/shared";
import { RatingStars } from "../ui/rating-stars";

/** The mean rating to one decimal, or null when there is nothing to average. */
export function averageRating(reviews: readonly Pick<CustomerReview, "rating">[]): number | null {
  if (reviews.length === 0) return null;
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return Math.round((total / reviews.length) * 10) / 10;
}

export function ReviewSummary({ reviews }: { reviews: readonly CustomerReview[] }) {
  const average = averageRating(reviews);
  if (average === null) return null;
  return (
    <section
      aria-labelledby="rating-summary"
      className="mx-auto flex max-w-md flex-col items-center rounded-2xl bg-white px-6 py-8 text-center shadow-sm ring-1 ring-linen"
    >
      <h2 id="rating-summary" className="font-sans text-xs font-semibold uppercase tracking-wider text-charcoal/80">
        Average rating
      </h2>
      <p className="mt-2 font-serif text-5xl font-semibold text-indigo-ink">
        {average.toFixed(1)}
        <span className="text-2xl text-charcoal/70"> / {RATING_MAX}</span>
      </p>
      <RatingStars rating={average} size="md" className="mt-3" />
      <p className="mt-3 text-charcoal/80">
        Based on {reviews.length} {reviews.length === 1 ? "review" : "reviews"}
      </p>
    </section>
  );
}
