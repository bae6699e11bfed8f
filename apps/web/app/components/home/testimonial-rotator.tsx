import { TIMINGS_MS, type Testimonial } from "@store/shared";
import { useState } from "react";
import { RatingStars } from "../ui/rating-stars";
import { DotButton } from "./carousel-controls";
import { useRotation } from "./use-rotation";

/** One testimonial at a time, rotating (spec timings), with a dot button per testimonial to pick one. */
export function TestimonialRotator({
  testimonials,
  animate,
}: {
  testimonials: readonly Testimonial[];
  animate: boolean;
}) {
  const [holding, setHolding] = useState(false);
  const { index, visible, show } = useRotation(testimonials.length, animate && !holding);
  const current = testimonials[index];
  if (!current) return null;

  return (
    <div
      className="flex flex-col justify-between rounded-3xl bg-indigo-ink p-8 text-cream shadow-xl sm:p-10"
      // Pointing at or focusing the quote holds it, so it can be read to the end.
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setHolding(false)}
    >
      <figure
        aria-live={animate && !holding ? "off" : "polite"}
        className="min-h-64 transition-opacity motion-reduce:transition-none"
        style={{ opacity: visible ? 1 : 0, transitionDuration: `${TIMINGS_MS.testimonialFade}ms` }}
      >
        <span aria-hidden="true" className="block font-serif text-7xl leading-none text-turmeric">
          “
        </span>
        <blockquote className="mt-2 font-serif text-xl leading-relaxed sm:text-2xl">
          <p>{current.message}</p>
        </blockquote>
        <figcaption className="mt-6 flex flex-wrap items-center gap-3">
          <span className="font-semibold">{current.name}</span>
          <RatingStars rating={current.rating} />
        </figcaption>
      </figure>
      <ul role="list" aria-label="Choose a testimonial" className="mt-8 flex flex-wrap gap-1">
        {testimonials.map((t, i) => (
          <li key={t.id}>
            <DotButton label={`Show testimonial ${i + 1}`} current={i === index} onClick={() => show(i)} tone="light" />
          </li>
        ))}
      </ul>
    </div>
  );
}
