import { MESSAGES, type CustomerReviewListResponse, CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { PageHeader } from "../components/content/page-header";
import { ReviewCard } from "../components/content/review-card";
import { ReviewSummary } from "../components/content/review-summary";
import { api } from "../lib/api";
import { logBoundaryError } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/customer-reviews";

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

/** First paint: approved reviews from the reviews service, in process. */
export async function loader({ context }: Route.LoaderArgs): Promise<CustomerReviewListResponse> {
  return context.services.reviews.customerReviews();
}

/** Client-side navigations read the same list from the public API. */
export async function clientLoader(): Promise<CustomerReviewListResponse> {
  return api.get<CustomerReviewListResponse>("/api/customer-reviews/");
}

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Customer Reviews",
    description: "What shoppers in India and around the world say about our handcrafted decor, textiles and garments.",
    path: "/customer-reviews",
  });
}

export default function CustomerReviews({ loaderData }: Route.ComponentProps) {
  const reviews = loaderData.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <ReviewsHeader />
      <div className="mt-12">
        <ReviewSummary reviews={reviews} />
      </div>
      <section aria-labelledby="all-reviews" className="mt-14">
        <h2 id="all-reviews" className="sr-only">
          All reviews
        </h2>
        {reviews.length === 0 ? (
          <p className="text-center text-lg">No reviews yet. Be the first to share yours.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ReviewsHeader() {
  return (
    <PageHeader
      eyebrow="Customer reviews"
      title="Loved in Homes Everywhere"
      lead="Honest words from the people who live with our handmade pieces."
    />
  );
}

/** Reviews that cannot load: the page's own heading and a message, inside the normal layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  logBoundaryError("Customer reviews failed", error);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <ReviewsHeader />
      <p role="alert" className="mt-12 text-center text-lg text-madder">
        {MESSAGES.customerReviewsFailed}
      </p>
    </div>
  );
}
