import { MESSAGES, MISSION_POINTS, SELLER, CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { BlogImage } from "../components/content/blog-image";
import { PageHeader } from "../components/content/page-header";
import { ButtonLink } from "../components/ui/button";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/about-us";

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

/** The founder who signs the story (demo value; belongs with the other seller details in SELLER). */

const MISSION_TEXT: Record<(typeof MISSION_POINTS)[number], string> = {
  "Empowering Artisans":
    "We work directly with block printers, weavers and tailors around Jaipur and pay them fair wages, on time, so their craft remains a living.",
  "Sustainable Craftsmanship":
    "Natural, sustainable materials come first: cotton, jute and wood, coloured with time-honoured dyes and finished by hand in small batches.",
  "Authentic & High-Quality":
    "Every piece is authentically Indian and checked by hand before it leaves us, so it looks beautiful and lasts for years.",
};

const MISSION_ICONS: Record<(typeof MISSION_POINTS)[number], React.ReactNode> = {
  "Empowering Artisans": <path d="M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10Z" />,
  "Sustainable Craftsmanship": <path d="M5 19c0-8 6-13 14-14-1 8-6 14-14 14Zm0 0 7-7" />,
  "Authentic & High-Quality": <path d="m12 3 2.6 5.5 6 .8-4.4 4.1 1.1 6L12 16.5 6.7 19.4l1.1-6L3.4 9.3l6-.8Z" />,
};

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: MESSAGES.aboutTitle,
    description: `Founded in ${SELLER.foundedText} in ${SELLER.foundedCity}, ${SELLER.brand} brings handcrafted Indian decor, textiles and garments from fairly paid artisans to your home.`,
    path: "/about-us",
    image: "/media/blog/1.webp",
  });
}

export default function AboutUs() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <PageHeader eyebrow="About us" title={MESSAGES.aboutTitle} />
      <section aria-labelledby="our-story" className="mt-12 grid items-center gap-10 lg:grid-cols-2">
        <BlogImage
          src="/media/blog/1.webp"
          alt="Artisans hand block printing cotton in our Jaipur workshop"
          priority
          sizes="(min-width: 1184px) 540px, (min-width: 1024px) calc(50vw - 36px), calc(100vw - 32px)"
          className="rounded-2xl shadow-md"
        />
        <div>
          <h2 id="our-story" className="text-3xl font-semibold text-indigo-ink">
            Our story
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-8 text-charcoal/90">
            <p>
              {SELLER.brand} was founded in {SELLER.foundedText} in {SELLER.foundedCity}, in a small courtyard workshop
              where the smell of indigo vats and the rhythm of wooden blocks on cotton filled the day.
            </p>
            <p>
              What began with a handful of printed cushion covers for friends grew into a home for block printers,
              weavers, tailors and woodworkers from the villages around Jaipur. Today we bring their garments, textiles
              and home decor to homes across India and around the world.
            </p>
            <p>Each piece is made slowly, by hand, with love for the design traditions of Rajasthan.</p>
          </div>
          <Signature />
        </div>
      </section>
      <section aria-labelledby="our-mission" className="mt-20">
        <h2 id="our-mission" className="text-center text-3xl font-semibold text-indigo-ink">
          Our mission
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {MISSION_POINTS.map((point) => (
            <li key={point} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-linen">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-linen text-madder">
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="h-6 w-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                >
                  {MISSION_ICONS[point]}
                </svg>
              </span>
              <h3 className="mt-5 text-xl font-semibold text-indigo-ink">{point}</h3>
              <p className="mt-3 leading-7 text-charcoal/85">{MISSION_TEXT[point]}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-16 text-center">
        <ButtonLink to="/query" size="lg">
          Why shop with us
        </ButtonLink>
      </div>
    </div>
  );
}

function Signature() {
  return (
    <figure className="mt-8 border-t border-linen pt-6">
      <p className="font-serif text-3xl italic text-madder" aria-hidden="true">
        {SELLER.founder}
      </p>
      <figcaption className="mt-1 text-sm text-charcoal/80">
        <span className="sr-only">Signed, </span>
        <span className="font-semibold text-charcoal">{SELLER.founder}</span>, Founder
      </figcaption>
    </figure>
  );
}
