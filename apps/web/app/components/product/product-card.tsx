import type { ProductListItem } from "@store/shared";
import { imageSrcSet } from "@store/shared/media";
import { Link } from "react-router";
import { useNearViewport } from "../../lib/use-near-viewport";
import { Price } from "../ui/price";
import { RatingStars } from "../ui/rating-stars";
import { WishlistHeart } from "./wishlist-heart";

export const PRODUCT_IMAGE = { width: 600, height: 750 } as const;

export function productPath(id: number): string {
  return `/product/${id}`;
}

/** How far below the viewport a "near" card's picture starts loading: about two rows ahead of the shopper. */
const NEAR = "600px";

function scrollToTop() {
  window.scrollTo({ top: 0 });
}

/**
 * How soon a card's picture loads: at once and first (the page's likely largest paint); when in or near
 * view (native lazy loading, which fetches everything within a screen or two at the first layout); or
 * "near": once the card comes near the viewport after hydration, for cards below a phone's first screen.
 */
export type CardImagePriority = "high" | "lazy" | "near";

/**
 * A product in a grid: image, name, rating and prices, linking to its page, and the wishlist heart. The image link repeats the
 * name link, so it is hidden from assistive technology and the tab order (one link per card for them).
 */
export function ProductCard({
  product,
  imagePriority = "lazy",
  imageSizes,
  headingLevel = 3,
}: {
  product: ProductListItem;
  imagePriority?: CardImagePriority;
  /** The card's width in the page (the `sizes` attribute), so the browser picks the smallest copy that is sharp. */
  imageSizes: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = productPath(product.id);
  const { ref: image, near } = useNearViewport<HTMLImageElement>(NEAR);
  const shown = imagePriority !== "near" || near;
  return (
    <article className="group relative flex h-full flex-col">
      <Link
        to={href}
        onClick={scrollToTop}
        tabIndex={-1}
        aria-hidden="true"
        className="block overflow-hidden rounded-xl bg-linen"
      >
        <img
          ref={image}
          src={shown ? product.main_image : undefined}
          srcSet={shown ? imageSrcSet(product.main_image) : undefined}
          sizes={shown ? imageSizes : undefined}
          alt=""
          width={PRODUCT_IMAGE.width}
          height={PRODUCT_IMAGE.height}
          loading={imagePriority === "high" ? "eager" : "lazy"}
          fetchPriority={imagePriority === "high" ? "high" : undefined}
          decoding="async"
          className="aspect-[4/5] h-auto w-full object-cover transition duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </Link>
      {/* Over the picture's corner, outside the links (a button may not sit in a link). */}
      <WishlistHeart productId={product.id} name={product.product_name} className="absolute right-2 top-2" />
      <div className="mt-3 flex flex-1 flex-col gap-1.5">
        <Heading className="font-serif text-base leading-snug text-charcoal">
          <Link to={href} className="line-clamp-2 min-h-[2.75em] hover:text-madder">
            {product.product_name}
          </Link>
        </Heading>
        <span className="flex items-center gap-1.5 text-xs text-charcoal/75">
          <RatingStars rating={product.rating} />
          <span>
            ({product.review_count}
            <span className="sr-only"> reviews</span>)
          </span>
        </span>
        <Price offer={product.offer_price} mrp={product.mrp} currency={product.currency} className="mt-auto" />
      </div>
    </article>
  );
}
