import type { CustomerReviewListResponse } from "@store/shared";
import { Link } from "react-router";
import { RatingStars } from "../ui/rating-stars";
import { Skeleton } from "../ui/skeleton";
import { LazyApiSection } from "./lazy-api-section";

const SHOWN = 3;
const CARD = "flex h-72 flex-col rounded-2xl border border-linen bg-white p-6 shadow-sm";

/** A few recent customer reviews, loaded when scrolled near, with a link to all of them. */
export function CustomerReviewsSection() {
  return (
    <LazyApiSection<CustomerReviewListResponse>
      id="reviews-heading"
      eyebrow="Verified buyers"
      title="What our customers say"
      path="/api/customer-reviews/"
      action={
        <Link to="/customer-reviews" className="font-medium text-madder underline-offset-4 hover:underline">
          Read all reviews <span aria-hidden="true">→</span>
        </Link>
      }
      skeleton={
        <div className="grid gap-6 md:grid-cols-3">
          {Array.from({ length: SHOWN }, (_, i) => (
            <div key={i} aria-hidden="true" className={CARD}>
              <Skeleton className="h-4 w-24" />
              <Skeleton className="mt-4 h-6 w-3/4" />
              <Skeleton className="mt-4 h-24 w-full" />
              <Skeleton className="mt-auto h-4 w-1/2" />
            </div>
          ))}
        </div>
      }
    >
      {({ data }) => (
        <ul role="list" className="grid gap-6 md:grid-cols-3">
          {data.slice(0, SHOWN).map((review) => (
            <li key={review.id}>
              <article className={CARD}>
                <RatingStars rating={review.rating} />
                <h3 className="mt-3 line-clamp-1 text-lg font-semibold text-indigo-ink">{review.title}</h3>
                <p className="mt-2 line-clamp-5 text-sm leading-relaxed text-charcoal/90">{review.body}</p>
                <p className="mt-auto pt-4 text-sm">
                  <span className="font-semibold">{review.name}</span>
                  <span className="text-charcoal/75">, {review.location}</span>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </LazyApiSection>
  );
}
