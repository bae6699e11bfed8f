import type { ProductListItem } from "@store/shared";
import { ProductCard, type CardImagePriority } from "./product-card";
import { ProductCardSkeleton } from "./product-card-skeleton";

export const GRID_CLASSES = "grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4";
/**
 * A card's width in GRID_CLASSES inside a page column (max-w-7xl, px-4): columns minus gaps and padding.
 * Exact on phones (182 px of a 412 px screen), where picking the smaller copy matters most.
 */
const CARD_SIZES =
  "(min-width: 1280px) 294px, (min-width: 1024px) calc((100vw - 104px) / 4), (min-width: 768px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc((100vw - 48px) / 2)";
/**
 * Only the first card's picture loads at once, at high priority: on a phone it is the page's largest
 * paint, and every other picture fetched before it paints shares the connection with it (eager cards
 * two to four made a listing's simulated largest paint 0.3-0.5 s later, decision 012). The rest of a
 * phone's first two rows are lazy: in view, they still load as soon as the page is laid out. Further
 * down, pictures wait until their card comes near after hydration: native lazy loading fetched all of a
 * listing's twelve at the first layout, again before the first one painted (decision 047).
 */
const FIRST_SCREEN_CARDS = 4;
const imagePriority = (eagerImages: boolean, index: number): CardImagePriority =>
  !eagerImages ? "lazy" : index === 0 ? "high" : index < FIRST_SCREEN_CARDS ? "lazy" : "near";

/** A grid of product cards, optionally followed by skeleton cards for a page that is still loading. */
export function ProductGrid({
  products,
  skeletons = 0,
  label,
  eagerImages = false,
  headingLevel,
}: {
  products: readonly ProductListItem[];
  skeletons?: number;
  label: string;
  /** Whether the grid starts near the top of the page (its first images load at once). */
  eagerImages?: boolean;
  /** 2 where no section heading sits between the page's h1 and the cards. */
  headingLevel?: 2 | 3;
}) {
  return (
    <ul role="list" aria-label={label} aria-busy={skeletons > 0} className={GRID_CLASSES}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            imagePriority={imagePriority(eagerImages, i)}
            imageSizes={CARD_SIZES}
            headingLevel={headingLevel}
          />
        </li>
      ))}
      {Array.from({ length: skeletons }, (_, i) => (
        <li key={`skeleton-${i}`} aria-hidden="true">
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

/** Only skeletons, while a whole grid loads; announced once as loading. */
export function ProductGridSkeleton({ count, label = "Loading products" }: { count: number; label?: string }) {
  return (
    <div role="status" className={GRID_CLASSES}>
      {/* Absolutely positioned (sr-only), so it takes no grid cell. */}
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
