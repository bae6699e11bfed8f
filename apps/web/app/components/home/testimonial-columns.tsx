import type { Testimonial } from "@store/shared";
import { RatingStars } from "../ui/rating-stars";

/** Two auto-scrolling columns of testimonial cards (CSS animation in app.css), each pausing while pointed at. */
export function TestimonialColumns({
  testimonials,
  paused,
}: {
  testimonials: readonly Testimonial[];
  paused: boolean;
}) {
  const half = Math.ceil(testimonials.length / 2);
  const columns = [testimonials.slice(0, half), testimonials.slice(half)];
  return (
    <div
      data-paused={paused}
      className="testimonial-columns grid h-[28rem] grid-cols-1 gap-4 overflow-hidden [mask-image:linear-gradient(transparent,black_12%,black_88%,transparent)] sm:grid-cols-2"
    >
      {columns.map((column, c) => (
        <div key={c} className={`testimonial-column ${c === 1 ? "hidden sm:block" : ""}`}>
          <div className="testimonial-track flex flex-col gap-4" data-direction={c === 1 ? "down" : "up"}>
            {/* The second copy only completes the loop; assistive technology reads each card once. */}
            {[false, true].map((copy) => (
              <ul key={String(copy)} role="list" aria-hidden={copy || undefined} className="flex flex-col gap-4">
                {column.map((t) => (
                  <li key={t.id} className="rounded-2xl border border-linen bg-white p-5 shadow-sm">
                    <RatingStars rating={t.rating} />
                    <p className="mt-3 text-sm leading-relaxed text-charcoal/90">{t.message}</p>
                    <p className="mt-3 text-sm font-semibold text-indigo-ink">{t.name}</p>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
