import type { ProductReviewsResponse } from "@store/shared";
import { use, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { ServerPartsContext } from "../../lib/server-parts";
import { useNearViewport } from "../../lib/use-near-viewport";

type Props = { productId: number; initial: ProductReviewsResponse | null | undefined };

/** How near the viewport the reviews must come before their code loads (or when one of their buttons is pressed). */
const NEAR = "400px";

/** Calls `then` once its children are committed: hydrated, their handlers attached. */
function Committed({ children, then }: { children: ReactNode; then: () => void }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(then, []);
  return children;
}

/**
 * The product's reviews as an island (decision 112): the server renders them into the page, for shoppers
 * without JavaScript and search engines; the browser keeps that HTML and hydrates it in a React root of its
 * own once the shopper scrolls near it or presses one of its buttons, loading the section's code only then. A root of its
 * own, because React drops the server's HTML of a lazy part of its tree as soon as a context above it changes
 * (decision 083); the reviews read none of the shop's contexts. A client navigation has no server HTML: the
 * section is rendered at once and loads its reviews itself.
 */
export function ReviewsIsland({ productId, initial }: Props) {
  const server = use(ServerPartsContext);
  const { ref, near } = useNearViewport<HTMLDivElement>(NEAR);
  const [pressed, setPressed] = useState(false);
  const root = useRef<Root | null>(null);
  const fromServer = useRef<boolean | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || root.current) return;
    fromServer.current ??= box.hasChildNodes();
    if (fromServer.current && !near && !pressed) return;
    let gone = false;
    void import("./product-reviews").then(({ ProductReviews }) => {
      if (gone || root.current) return;
      const reviews = (
        <Committed then={replayClick}>
          <ProductReviews productId={productId} initial={initial} />
        </Committed>
      );
      if (fromServer.current) root.current = hydrateRoot(box, reviews);
      else (root.current = createRoot(box)).render(reviews);
    });
    return () => {
      gone = true;
    };
    // Once per product (the page keys this section by the product), when it is time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [near, pressed]);
  // Not during React's own commit of the page that removes the box.
  useEffect(() => () => void setTimeout(() => root.current?.unmount()), []);

  // A button of the server's HTML pressed before the section's code came (a star filter, "More reviews") is
  // pressed again once the section is hydrated: the shopper's click is not lost.
  const pressedButton = useRef(-1);
  const hydrated = useRef(false);
  function pressEarly(event: MouseEvent<HTMLDivElement>) {
    const button = (event.target as Element).closest("button");
    if (hydrated.current || !button) return;
    pressedButton.current = [...event.currentTarget.querySelectorAll("button")].indexOf(button);
    setPressed(true);
  }
  function replayClick() {
    hydrated.current = true; // (or rendered, after a client navigation)
    ref.current?.querySelectorAll("button")[pressedButton.current]?.click();
  }
  // The box the section lives in, on the server and in the browser alike.
  const box = { ref, onClick: pressEarly };
  if (server) {
    return (
      <div {...box}>
        <server.ProductReviews productId={productId} initial={initial} />
      </div>
    );
  }
  return <div {...box} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
}
