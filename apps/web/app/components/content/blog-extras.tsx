import { SELLER } from "@store/shared";

/** The spec's fixed key-features list: shown on a post that has none of its own (decision 026). */
export const KEY_FEATURES = [
  {
    title: "Handmade by Jaipur artisans",
    text: "Block printed, stitched and finished by hand in our Sanganer workshop.",
  },
  { title: "Natural dyes & fibres", text: "Cotton, jute, silk and wood, coloured with indigo, madder and turmeric." },
  { title: "Fair wages", text: "Every maker is paid fairly and on time, season after season." },
  { title: "Ships worldwide", text: "Carefully packed in Jaipur and delivered across India and abroad." },
] as const;

type Feature = { title: string; text: string };

/** A post's own key features, or the shop's standard list when it has none. */
export function KeyFeatures({ features }: { features?: readonly Feature[] | null }) {
  const shown = features && features.length > 0 ? features : KEY_FEATURES;
  return (
    <section aria-labelledby="key-features" className="rounded-2xl bg-linen/70 p-6 sm:p-8">
      <h2 id="key-features" className="text-2xl font-semibold text-indigo-ink">
        Key features
      </h2>
      <ul className="mt-5 grid gap-5 sm:grid-cols-2">
        {shown.map((feature, index) => (
          <li key={`${index}-${feature.title}`} className="flex gap-3">
            <CheckMark />
            <div>
              <p className="font-semibold text-indigo-ink">{feature.title}</p>
              {feature.text && <p className="mt-1 text-sm leading-6 text-charcoal/85">{feature.text}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CheckMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="mt-0.5 h-6 w-6 flex-none text-madder"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const BLOG_QUOTE = {
  text: "Every piece carries the rhythm of the hands that printed it: no two are ever quite the same, and that is the point.",
  source: `The artisans of ${SELLER.brand}`,
} as const;

export function BlogQuote() {
  return (
    <figure className="relative rounded-2xl border-l-4 border-turmeric bg-white px-6 py-8 shadow-sm sm:px-10">
      <blockquote className="font-serif text-xl leading-relaxed text-indigo-ink sm:text-2xl">
        <p>“{BLOG_QUOTE.text}”</p>
      </blockquote>
      <figcaption className="mt-4 text-sm font-medium uppercase tracking-widest text-charcoal/75">
        — {BLOG_QUOTE.source}
      </figcaption>
    </figure>
  );
}
