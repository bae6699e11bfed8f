import type { ProductListItem } from "@store/shared";
import { ProductCard } from "./product-card";
import { ProductCardSkeleton } from "./product-card-skeleton";

export const GRID_CLASSES = "grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4";
/** Cards on the first screen at common widths (two rows of two on phones, one row of four on desktops). */
const ABOVE_THE_FOLD = 4;

/** A grid of product cards, optionally followed by skeleton cards for a page that is still loading. */
export function ProductGrid({ products, skeletons = 0, label, eagerImages = false }: {
  products: readonly ProductListItem[];
  skeletons?: number;
  label: string;
  /** Whether the grid starts near the top of the page (its first images load at once). */
  eagerImages?: boolean;
}) {
  return (
    <ul role="list" aria-label={label} aria-busy={skeletons > 0} className={GRID_CLASSES}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} aboveTheFold={eagerImages && i < ABOVE_THE_FOLD} />
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
      {Array.from({ length: count }, (_, i) => <ProductCardSkeleton key={i} />)}
    </div>
  );
}
