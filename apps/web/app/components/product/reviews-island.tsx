import type { ProductReviewsResponse } from "@store/shared";
import { use, useEffect, useRef, useState } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { ServerPartsContext } from "../../lib/server-parts";
import { useNearViewport } from "../../lib/use-near-viewport";

type Props = { productId: number; initial: ProductReviewsResponse | null | undefined };

/** How near the viewport the reviews must come before their code loads (or when reached for: pointer, focus, touch). */
const NEAR = "400px";

/**
 * The product's reviews as an island (decision 112): the server renders them into the page, for shoppers
 * without JavaScript and search engines; the browser keeps that HTML and hydrates it in a React root of its
 * own once the shopper scrolls near it or reaches for it, loading the section's code only then. A root of its
 * own, because React drops the server's HTML of a lazy part of its tree as soon as a context above it changes
 * (decision 083); the reviews read none of the shop's contexts. A client navigation has no server HTML: the
 * section is rendered at once and loads its reviews itself.
 */
export function ReviewsIsland({ productId, initial }: Props) {
  const server = use(ServerPartsContext);
  const { ref, near } = useNearViewport<HTMLDivElement>(NEAR);
  const [reached, setReached] = useState(false);
  const root = useRef<Root | null>(null);
  const fromServer = useRef<boolean | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || root.current) return;
    fromServer.current ??= box.hasChildNodes();
    if (fromServer.current && !near && !reached) return;
    let gone = false;
    void import("./product-reviews").then(({ ProductReviews }) => {
      if (gone || root.current) return;
      const reviews = <ProductReviews productId={productId} initial={initial} />;
      if (fromServer.current) root.current = hydrateRoot(box, reviews);
      else (root.current = createRoot(box)).render(reviews);
    });
    return () => {
      gone = true;
    };
    // Once per product (the page keys this section by the product), when it is time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [near, reached]);
  // Not during React's own commit of the page that removes the box.
  useEffect(() => () => void setTimeout(() => root.current?.unmount()), []);

  const reach = () => setReached(true);
  if (server) {
    return (
      <div ref={ref} onPointerOver={reach} onFocus={reach} onTouchStart={reach}>
        <server.ProductReviews productId={productId} initial={initial} />
      </div>
    );
  }
  return (
    <div
      ref={ref}
      onPointerOver={reach}
      onFocus={reach}
      onTouchStart={reach}
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
    />
  );
}
