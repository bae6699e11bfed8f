import type { CustomerReview } from "@store/shared";
import { RatingStars } from "../ui/rating-stars";
import { formatDate, isoDate } from "./format-date";

/** One approved review: stars, title, body, and who wrote it, from where and when. */
export function ReviewCard({ review }: { review: CustomerReview }) {
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-linen">
      <RatingStars rating={review.rating} />
      {review.title && <h3 className="mt-3 text-lg font-semibold leading-snug text-indigo-ink">{review.title}</h3>}
      <p className="mt-2 flex-1 leading-7 text-charcoal/90">{review.body}</p>
      <footer className="mt-5 flex items-center gap-3 border-t border-linen pt-4">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-indigo-ink font-serif text-lg text-cream"
        >
          {review.name.trim().charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-charcoal">{review.name}</p>
          <p className="text-charcoal/80">
            {review.location && (
              <>
                {review.location}
                <span aria-hidden="true"> · </span>
              </>
            )}
            <time dateTime={isoDate(review.date)}>{formatDate(review.date)}</time>
          </p>
        </div>
      </footer>
    </article>
  );
}
