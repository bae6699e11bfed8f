import { RATING_MAX } from "@store/shared";

/** Ratings show in half steps (spec: "5 max, with half stars"). */
export function roundToHalf(rating: number): number {
  return Math.min(RATING_MAX, Math.max(0, Math.round(rating * 2) / 2));
}

/** One star is 24 units wide, with 3 units between stars (2 px at the small size). */
const STAR = 24;
const PITCH = 27;
const ROW_WIDTH = RATING_MAX * PITCH - (PITCH - STAR);

/** All the stars of a row as one path: a star outline moved along by one pitch per star. */
const ROW_PATH = Array.from({ length: RATING_MAX }, (_, i) => {
  const x = 12 + i * PITCH;
  return `M${x} 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L${x} 17.1l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z`;
}).join("");

/** How much of the row is filled for a rating: whole stars, then half of the next one. */
export function filledShare(value: number): number {
  const whole = Math.floor(value);
  const filled = whole * PITCH + (value - whole) * STAR;
  return Math.min(1, filled / ROW_WIDTH);
}

/**
 * Stars for a rating, read out once as "Rated 4.5 out of 5" instead of five separate images. Drawn as
 * two rows, outlined and filled, the filled one cut to the rating's width: a handful of elements per
 * rating, where a grid of product cards shows a dozen ratings on one screen.
 */
export function RatingStars({
  rating,
  size = "sm",
  className = "",
}: {
  rating: number;
  size?: "sm" | "md";
  className?: string;
}) {
  const value = roundToHalf(rating);
  const height = size === "md" ? "h-5" : "h-4";
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of ${RATING_MAX}`}
      className={`relative inline-block shrink-0 ${className}`}
    >
      <StarRow className={`${height} text-charcoal/30`} />
      {value > 0 && (
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${filledShare(value) * 100}%` }}>
          <StarRow filled className={`${height} max-w-none text-turmeric`} />
        </span>
      )}
    </span>
  );
}

function StarRow({ filled = false, className }: { filled?: boolean; className: string }) {
  return (
    <svg
      viewBox={`0 0 ${ROW_WIDTH} ${STAR}`}
      aria-hidden="true"
      className={`block w-auto ${className}`}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.6}
    >
      <path d={ROW_PATH} strokeLinejoin="round" />
    </svg>
  );
}
