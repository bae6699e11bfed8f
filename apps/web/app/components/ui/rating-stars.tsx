import { RATING_MAX } from "@store/shared";

/** Ratings show in half steps (spec: "5 max, with half stars"). */
export function roundToHalf(rating: number): number {
  return Math.min(RATING_MAX, Math.max(0, Math.round(rating * 2) / 2));
}

/** Stars for a rating, read out once as "Rated 4.5 out of 5" instead of five separate images. */
export function RatingStars({ rating, size = "sm", className = "" }: { rating: number; size?: "sm" | "md"; className?: string }) {
  const value = roundToHalf(rating);
  const box = size === "md" ? "h-5 w-5" : "h-4 w-4";
  return (
    <span role="img" aria-label={`Rated ${value} out of ${RATING_MAX}`} className={`inline-flex gap-0.5 ${className}`}>
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const fill = Math.min(1, Math.max(0, value - i));
        return (
          <span key={i} className={`relative inline-block ${box}`}>
            <Star className={`absolute inset-0 ${box} text-charcoal/30`} />
            {fill > 0 && (
              // The filled star is clipped to half its width for a half star.
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star filled className={`${box} max-w-none text-turmeric`} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

function Star({ filled = false, className }: { filled?: boolean; className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={filled ? 0 : 1.6}>
      <path d="m12 2.8 2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L12 17.1l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" strokeLinejoin="round" />
    </svg>
  );
}
