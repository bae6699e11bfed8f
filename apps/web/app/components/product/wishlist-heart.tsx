import type { ProductSize } from "@store/shared";
import { useState } from "react";
import { useWishlist } from "../../lib/wishlist";
import { HeartIcon } from "../ui/icons";

/**
 * Save or remove a piece. A plain button from the first paint (same size either way, so nothing moves);
 * until hydration a click does nothing, then it toggles the wishlist. `name` makes the label unique in a grid.
 */
export function WishlistHeart({
  productId,
  name,
  size,
  className = "",
}: {
  productId: number;
  name: string;
  /** On the product page: the size chosen, saved with the piece (issue 40). A card's heart has none. */
  size?: ProductSize;
  className?: string;
}) {
  const wishlist = useWishlist();
  const [problem, setProblem] = useState<string | null>(null);
  const saved = wishlist.has(productId);
  const label = saved ? "Remove from wishlist" : "Save to wishlist";
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`${label}: ${name}`}
      title={problem ?? label}
      data-testid="wishlist-heart"
      onClick={() => {
        setProblem(null);
        wishlist.toggle(productId, size).catch((error: unknown) => {
          console.error("Wishlist change failed", error);
          setProblem(error instanceof Error ? error.message : "Could not change your wishlist");
        });
      }}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-madder shadow-sm transition hover:bg-white ${className}`}
    >
      <HeartIcon className="h-5 w-5" filled={saved} />
    </button>
  );
}
