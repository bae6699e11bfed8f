import { imageSrcSet } from "@store/shared/media";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { HERO_ADVANCE_MS, HERO_SIZE, HERO_SLIDES } from "./hero-slides";
import { DotButton, PauseButton, StepButton } from "./carousel-controls";
import { useInView } from "../../lib/use-in-view";
import { useReducedMotion } from "../../lib/use-reduced-motion";

/** The scroller spans the page column (max-w-7xl, px-4). */
const HERO_SIZES = "(min-width: 1280px) 1248px, calc(100vw - 32px)";

/**
 * The home page's header scroller (lazy-loaded by the route). It advances on its own unless the shopper
 * prefers reduced motion, has paused it, or is pointing at or focused inside it; buttons and the arrow
 * keys move between slides.
 */
export default function HeroScroller() {
  const count = HERO_SLIDES.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const { ref, inView } = useInView<HTMLElement>();
  const playing = !reducedMotion && !paused && !hovered && !focused && inView;

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), HERO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [playing, count]);

  // Pictures are fetched for the slide shown and the one after it only: the hidden slides sit in the
  // first screen too, so loading="lazy" would not hold them back from competing with the first one.
  const [fetched, setFetched] = useState<ReadonlySet<number>>(() => new Set([0]));
  useEffect(() => {
    setFetched((seen) =>
      seen.has(index) && seen.has((index + 1) % count) ? seen : new Set([...seen, index, (index + 1) % count]),
    );
  }, [index, count]);

  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      ref={ref}
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="mx-auto max-w-7xl px-4 pt-4 sm:pt-6"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocused(false)}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") step(1);
        if (e.key === "ArrowLeft") step(-1);
      }}
    >
      <div className="relative overflow-hidden rounded-2xl bg-indigo-ink">
        {/* Every slide sits in the same grid cell, so the box is one slide tall and slides cross-fade. */}
        <div className="grid" aria-live={playing ? "off" : "polite"}>
          {HERO_SLIDES.map((slide, i) => (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
              inert={i !== index}
              className={`col-start-1 row-start-1 transition-opacity duration-700 motion-reduce:transition-none ${i === index ? "opacity-100" : "opacity-0"}`}
            >
              <img
                src={fetched.has(i) ? slide.image : undefined}
                srcSet={fetched.has(i) ? imageSrcSet(slide.image) : undefined}
                sizes={HERO_SIZES}
                alt={slide.alt}
                width={HERO_SIZE.width}
                height={HERO_SIZE.height}
                fetchPriority={i === 0 ? "high" : "auto"}
                decoding="async"
                className="aspect-[8/3] h-auto w-full bg-linen object-cover"
              />
              <div className="flex h-36 flex-col justify-start gap-1 px-5 pt-3 text-cream sm:h-20 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:pr-80 sm:pt-0">
                <p className="font-serif text-base italic leading-snug sm:text-lg">{slide.blurb}</p>
                <Link
                  to={slide.link.to}
                  className="shrink-0 text-sm font-semibold text-turmeric underline-offset-4 hover:underline"
                >
                  {slide.link.label} <span aria-hidden="true">→</span>
                </Link>
              </div>
            </div>
          ))}
        </div>
        <div className="absolute bottom-2 right-3 flex items-center gap-1 text-cream sm:bottom-5 sm:right-5">
          <StepButton direction="previous" label="Previous slide" onClick={() => step(-1)} />
          <ul role="list" className="flex">
            {HERO_SLIDES.map((slide, i) => (
              <li key={slide.image}>
                <DotButton
                  label={`Show slide ${i + 1}`}
                  current={i === index}
                  onClick={() => setIndex(i)}
                  tone="light"
                />
              </li>
            ))}
          </ul>
          <StepButton direction="next" label="Next slide" onClick={() => step(1)} />
          {/* Nothing to pause under reduced motion; the empty slot keeps the controls from shifting at hydration. */}
          {reducedMotion ? (
            <span aria-hidden="true" className="w-8" />
          ) : (
            <PauseButton paused={paused} onToggle={() => setPaused((p) => !p)} what="slideshow" tone="light" />
          )}
        </div>
      </div>
    </section>
  );
}
