import { SELLER, WHY_US_POINTS, CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { PageHeader } from "../components/content/page-header";
import { ButtonLink } from "../components/ui/button";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/why-us";

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

const POINT_TEXT: Record<(typeof WHY_US_POINTS)[number], string> = {
  "Handmade with Love":
    "Every piece is printed, stitched or carved by hand in Jaipur, so each one carries small, charming differences that no machine can copy.",
  "Preserving Indian Heritage":
    "Buying from us keeps centuries-old crafts such as Sanganeri and Bagru block printing, kantha and dabu alive for the next generation.",
  "Versatile Product Range":
    "From kaftans, lehengas and harem pants to cushion covers, curtains, rugs and wall decor, there is something for you and for every room.",
  "Locally Sourced Materials":
    "Our cotton, jute, wood and natural dyes come from growers and suppliers across Rajasthan and neighbouring states.",
  "Ethical Fashion & Décor":
    "Artisans are paid fair wages and work in safe conditions; small batches mean less waste and no unsold mountains of stock.",
  "Handcrafted Luxury at Your Doorstep":
    "Carefully packed in our workshop and shipped across India and worldwide, with express options when you cannot wait.",
  "Cultural Storytelling Through Design":
    "Each motif, from paisleys to palace jaalis, tells a story of Rajasthan that you can bring into your home.",
};

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Why Us",
    description: `Seven reasons to shop handmade with ${SELLER.brand}: heritage crafts, natural materials, fair wages and delivery worldwide.`,
    path: "/query",
  });
}

export default function WhyUs() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <PageHeader
        eyebrow="Why us"
        title="Why Choose Handmade from Jaipur"
        lead="Seven reasons our customers come back to us, season after season."
      />
      <ol className="mt-12 grid gap-6 md:grid-cols-2">
        {WHY_US_POINTS.map((point, index) => (
          <li key={point} className="flex gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8">
            <span
              aria-hidden="true"
              className="flex h-12 w-12 flex-none items-center justify-center rounded-full bg-indigo-ink font-serif text-xl font-semibold text-cream"
            >
              {index + 1}
            </span>
            <div>
              <h2 className="text-xl font-semibold text-indigo-ink">{point}</h2>
              <p className="mt-2 leading-7 text-charcoal/85">{POINT_TEXT[point]}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-14 flex flex-wrap justify-center gap-4">
        <ButtonLink to="/collections" size="lg">
          Explore the collections
        </ButtonLink>
        <ButtonLink to="/contact-us" variant="secondary">
          Ask us anything
        </ButtonLink>
      </div>
    </div>
  );
}
