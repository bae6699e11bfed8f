import { MESSAGES, type Testimonial } from "@store/shared";
import { useState } from "react";
import { PauseButton } from "./carousel-controls";
import { SectionHeading } from "./section-heading";
import { TestimonialColumns } from "./testimonial-columns";
import { TestimonialRotator } from "./testimonial-rotator";
import { useInView } from "../../lib/use-in-view";
import { useReducedMotion } from "../../lib/use-reduced-motion";

/**
 * Testimonials, rendered on the server: a rotating quote and two drifting columns of cards. One button
 * stops all of that motion (moving content needs a pause control for keyboard users too).
 */
export function TestimonialsSection({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  // Off screen nothing moves (the pause button's state is the shopper's and stays as they left it).
  const { ref, inView } = useInView<HTMLElement>();
  if (testimonials.length === 0) return null;
  return (
    <section
      ref={ref}
      aria-labelledby="testimonials-heading"
      className="below-fold mx-auto max-w-7xl px-4 pt-16 sm:pt-24"
    >
      <SectionHeading id="testimonials-heading" eyebrow="In their words" title={MESSAGES.testimonialsTitle}>
        {!reducedMotion && (
          <PauseButton paused={paused} onToggle={() => setPaused((p) => !p)} what="testimonials" tone="dark" withText />
        )}
      </SectionHeading>
      <div className="grid gap-8 lg:grid-cols-2">
        <TestimonialRotator testimonials={testimonials} animate={!reducedMotion && !paused && inView} />
        <TestimonialColumns testimonials={testimonials} paused={paused || !inView} />
      </div>
    </section>
  );
}
