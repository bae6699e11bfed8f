import { SELLER, type Testimonial, type TestimonialListResponse, CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { CategoryStrip } from "../components/home/category-strip";
import { CustomerReviewsSection } from "../components/home/customer-reviews-section";
import { HeroSkeleton } from "../components/home/hero-skeleton";
import { onlineStoreJsonLd } from "../components/home/online-store-json-ld";
import { PopularProducts } from "../components/home/popular-products";
import { SocialFeedSection } from "../components/home/social-feed-section";
import { TestimonialsSection } from "../components/home/testimonials-section";
import { api } from "../lib/api";
import { logInBrowser, logOnServer, type LogFailure } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/home";

/** Spec: the header scroller is lazy-loaded, home only, with a skeleton of its size while it loads. */
const HeroScroller = lazy(() => import("../components/home/hero-scroller"));

/** Testimonials are a nice-to-have on the home page: if they fail, the page still renders without them. */
async function testimonialsOrNull(
  load: () => Promise<TestimonialListResponse>,
  log: LogFailure,
): Promise<Testimonial[] | null> {
  try {
    return (await load()).data;
  } catch (error) {
    log("Testimonials failed", error);
    return null;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const log = logOnServer(context.log);
  const [testimonials, offers] = await Promise.all([
    testimonialsOrNull(() => context.services.content.testimonials(), log),
    // The shop-wide rates of the structured data: without them the page (and its policies) still shows.
    context.services.checkout.shopShippingOffers(context.currency.currency).catch((error: unknown) => {
      log("Shipping offers failed", error);
      return null;
    }),
  ]);
  return { testimonials, jsonLd: onlineStoreJsonLd(offers) };
}

export async function clientLoader() {
  return {
    testimonials: await testimonialsOrNull(() => api.get<TestimonialListResponse>("/api/testimonials/"), logInBrowser),
    jsonLd: null,
  };
}

/**
 * Testimonials do not depend on the currency or on anything else a revalidation changes: the first
 * visit's currency detection (which revalidates every route) need not fetch and render them again.
 */
export function shouldRevalidate() {
  return false;
}

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: SELLER.brand,
    description: `Hand block printed dresses, kantha cushion covers, jute rugs and more, made by artisans in ${SELLER.foundedCity} and shipped worldwide.`,
    path: "/",
    image: "/media/hero/1.webp",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* Written by the server for crawlers; a client navigation has none to show. */}
      {loaderData.jsonLd && (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      )}
      <Suspense fallback={<HeroSkeleton />}>
        <HeroScroller />
      </Suspense>
      <Intro />
      <PopularProducts />
      <CategoryStrip />
      {loaderData.testimonials && <TestimonialsSection testimonials={loaderData.testimonials} />}
      <CustomerReviewsSection />
      <SocialFeedSection />
    </>
  );
}

function Intro() {
  return (
    <section className="mx-auto max-w-7xl px-4 pt-14 sm:pt-20">
      <div className="grid items-end gap-6 lg:grid-cols-[3fr_2fr]">
        <div>
          <p className="text-sm font-medium uppercase tracking-widest text-madder">
            Since {SELLER.foundedText}, from {SELLER.foundedCity}
          </p>
          <h1 className="mt-2 text-4xl font-semibold leading-tight text-indigo-ink sm:text-5xl">
            Handcrafted Indian home decor, textiles and garments
          </h1>
        </div>
        <div className="text-lg leading-relaxed text-charcoal/85">
          <p>
            Block prints, kantha, jute and natural dyes, made by artisan families who are paid fairly, and shipped from
            Jaipur to your door.
          </p>
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-base">
            <Link to="/about-us" className="font-medium text-madder underline-offset-4 hover:underline">
              Our story
            </Link>
            <Link to="/query" className="font-medium text-madder underline-offset-4 hover:underline">
              Why shop with us
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
