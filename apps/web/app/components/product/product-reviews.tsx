import {
  MESSAGES,
  REVIEW_FIT_LABELS,
  type ProductReview,
  type ProductReviewsResponse,
  type ReviewSummary,
} from "@store/shared";
import { useEffect, useState } from "react";
import { api } from "../../lib/api";
import { Button } from "../ui/button";
import { RatingStars } from "../ui/rating-stars";

const STARS = [5, 4, 3, 2, 1] as const;
/** Dates as the shop speaks them, the same on the server and in the browser (no hydration mismatch). */
const DAY = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** "Most buyers say it fits true to size (8 of 10)", or what most of them say instead. */
export function fitSummary(fit: ReviewSummary["fit"]): string | null {
  const total = fit.small + fit.true_to_size + fit.large;
  if (total === 0) return null;
  const [top, n] = (Object.entries(fit) as [keyof typeof fit, number][]).sort((a, b) => b[1] - a[1])[0]!;
  const words = { small: "it runs small", true_to_size: "it fits true to size", large: "it runs large" }[top];
  return `${n * 2 > total ? "Most" : "Many"} buyers say ${words} (${n} of ${total})`;
}

/**
 * The product's reviews (issue 17): the summary (average, bars 5 to 1, fit), photos, and the approved
 * reviews newest first. Page 1 comes with the server's render, for shoppers and search engines alike
 * (`initial`; null when it failed there); on a client navigation (`initial` undefined) the section asks for
 * it itself, so a slow reviews call never holds up the page. The star filter and "More reviews" ask the API
 * in the browser. Everything a shopper wrote is shown as text: React escapes it, and nothing sets HTML.
 */
export function ProductReviews({
  productId,
  initial,
}: {
  productId: number;
  initial: ProductReviewsResponse | null | undefined;
}) {
  const [loaded, setLoaded] = useState(initial);
  const [loading, setLoading] = useState(initial === undefined);

  async function load() {
    setLoading(true);
    try {
      setLoaded(await api.get<ProductReviewsResponse>(`/api/products/${productId}/reviews`));
    } catch {
      setLoaded(null);
    } finally {
      setLoading(false);
    }
  }
  useEffect(() => {
    if (initial === undefined) void load();
    // Once, for the product this section was made for (it is keyed by the product).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (loaded) return <ReviewsSection productId={productId} initial={loaded} />;
  return (
    <ReviewsShell>
      {loaded === null && (
        <p role="alert" className="mt-4 text-madder">
          {MESSAGES.productReviewsFailed}
        </p>
      )}
      {loading ? (
        <p className="mt-4 text-charcoal/80">Loading reviews...</p>
      ) : (
        <Button className="mt-4" variant="secondary" onClick={() => void load()}>
          Try again
        </Button>
      )}
    </ReviewsShell>
  );
}

function ReviewsShell({ children }: { children: React.ReactNode }) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-16 scroll-mt-24 border-t border-linen pt-10">
      <h2 id="reviews-heading" className="text-3xl font-semibold text-indigo-ink">
        Reviews
      </h2>
      {children}
    </section>
  );
}

function ReviewsSection({ productId, initial }: { productId: number; initial: ProductReviewsResponse }) {
  const [stars, setStars] = useState<number | null>(null);
  const [shown, setShown] = useState<ProductReviewsResponse>(initial);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const { summary } = initial;

  async function load(nextStars: number | null, page: number) {
    setLoading(true);
    setFailed(false);
    try {
      const query = { page, ...(nextStars === null ? {} : { stars: nextStars }) };
      const next = await api.get<ProductReviewsResponse>(`/api/products/${productId}/reviews`, query);
      setShown((current) => (page === 1 ? next : { ...next, data: [...current.data, ...next.data] }));
      setStars(nextStars);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  const fit = fitSummary(summary.fit);
  const more = shown.data.length < shown.total;
  return (
    <ReviewsShell>
      {summary.review_count === 0 ? (
        <p className="mt-4 text-charcoal/80">
          No reviews yet. Buyers can review a piece from their order once it is delivered.
        </p>
      ) : (
        <div className="mt-6 grid gap-10 lg:grid-cols-[18rem_1fr]">
          <div>
            <p className="flex items-center gap-3">
              <span className="text-4xl font-semibold text-indigo-ink" data-testid="reviews-average">
                {summary.rating.toFixed(1)}
              </span>
              <RatingStars rating={summary.rating} size="md" />
            </p>
            <p className="mt-1 text-sm text-charcoal/80" data-testid="reviews-count">
              {summary.review_count} {summary.review_count === 1 ? "review" : "reviews"}
            </p>
            <ul className="mt-4 space-y-1.5" aria-label="Ratings by stars">
              {STARS.map((n) => {
                const count = summary.distribution[n];
                return (
                  <li key={n} className="flex items-center gap-2 text-sm" data-testid={`reviews-bar-${n}`}>
                    <span className="w-12 shrink-0">{n} star</span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-linen" aria-hidden="true">
                      <span
                        className="block h-full rounded-full bg-turmeric"
                        style={{ width: `${(count / summary.review_count) * 100}%` }}
                      />
                    </span>
                    <span className="w-8 shrink-0 text-right">{count}</span>
                  </li>
                );
              })}
            </ul>
            {fit && <p className="mt-4 text-sm font-medium text-indigo-ink">{fit}</p>}
            <Photos urls={summary.photos} label="Buyers' photos" alt="A buyer's photo" size={64} />
          </div>
          <div>
            <div className="flex flex-wrap gap-2" role="group" aria-label="Show reviews with">
              {[null, ...STARS].map((n) => (
                <Button
                  key={n ?? "all"}
                  size="sm"
                  variant={stars === n ? "primary" : "secondary"}
                  aria-pressed={stars === n}
                  disabled={loading}
                  onClick={() => void load(n, 1)}
                >
                  {n === null ? "All" : `${n} star`}
                </Button>
              ))}
            </div>
            {shown.data.length === 0 ? (
              <p className="mt-6 text-charcoal/80">No reviews with {stars} stars yet.</p>
            ) : (
              <ol className="mt-6 divide-y divide-linen" aria-label="Reviews, newest first">
                {shown.data.map((review) => (
                  <ReviewItem key={review.id} review={review} />
                ))}
              </ol>
            )}
            {failed && (
              <p role="alert" className="mt-4 text-madder">
                {MESSAGES.productReviewsFailed}
              </p>
            )}
            {more && (
              <Button
                className="mt-6"
                variant="secondary"
                disabled={loading}
                onClick={() => void load(stars, shown.page + 1)}
              >
                {loading ? "Loading..." : "More reviews"}
              </Button>
            )}
          </div>
        </div>
      )}
    </ReviewsShell>
  );
}

function ReviewItem({ review }: { review: ProductReview }) {
  return (
    <li className="py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars rating={review.rating} />
        <h3 className="font-semibold text-indigo-ink">{review.title}</h3>
      </div>
      <p className="mt-1 text-sm text-charcoal/80">
        {review.name}
        {review.location && `, ${review.location}`} ·{" "}
        <time dateTime={review.date}>{DAY.format(new Date(review.date))}</time>
        {review.verified && (
          <span className="ml-2 rounded-full bg-indigo-ink/10 px-2 py-0.5 text-xs font-semibold text-indigo-ink">
            Verified buyer
          </span>
        )}
      </p>
      {(review.size || review.fit) && (
        <p className="mt-1 text-sm text-charcoal/80">
          {review.size && `Size bought: ${review.size}`}
          {review.size && review.fit && " · "}
          {review.fit && `Fit: ${REVIEW_FIT_LABELS[review.fit]}`}
        </p>
      )}
      <p className="mt-2 whitespace-pre-line">{review.body}</p>
      <Photos urls={review.photos} label="Photos with this review" alt={`Photo from ${review.name}`} size={80} />
      {review.seller_reply && (
        <div className="mt-3 rounded-lg bg-linen/60 p-3 text-sm" data-testid="seller-reply">
          <p className="font-semibold text-indigo-ink">The seller replied</p>
          <p className="mt-1 whitespace-pre-line">{review.seller_reply}</p>
        </div>
      )}
    </li>
  );
}

/** Buyers' photos as thumbnails, each opening the full picture; nothing when there are none. */
function Photos({ urls, label, alt, size }: { urls: string[]; label: string; alt: string; size: 64 | 80 }) {
  if (urls.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={label}>
      {urls.map((url) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img
              src={url}
              alt={alt}
              width={size}
              height={size}
              loading="lazy"
              className={`${size === 64 ? "h-16 w-16" : "h-20 w-20"} rounded-lg object-cover`}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
