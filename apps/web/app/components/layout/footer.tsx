import { use, useEffect, useRef, useState, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { ServerPartsContext } from "../../lib/server-parts";
import type { FooterContent } from "./footer-content";

/**
 * The footer, server-rendered, without its code in the page's first load (decision 112). It has no state, so
 * the browser keeps the server's HTML as it is: an element whose inner HTML React sets (to nothing) is
 * hydrated without its children, and `suppressHydrationWarning` tells React the difference is meant. Only
 * when there is no server HTML (a client navigation from the back office, which has no footer) does the
 * browser load the content and render it.
 */
export function Footer() {
  const ref = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const server = use(ServerPartsContext);
  const [Content, setContent] = useState<typeof FooterContent | null>(null);
  useEffect(() => {
    if (ref.current?.hasChildNodes()) return;
    void import("./footer-content").then((module) => setContent(() => module.FooterContent));
  }, []);

  // The footer's own links are plain anchors: followed here as a Link would, without reloading the page.
  function follow(event: MouseEvent<HTMLElement>) {
    const link = (event.target as Element).closest("a");
    if (!link || link.target || link.origin !== location.origin || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  }

  const className = "below-fold mt-16 bg-indigo-ink text-cream";
  const Shown = server?.FooterContent ?? Content;
  if (Shown) {
    return (
      <footer key="rendered" className={className} onClick={follow}>
        <Shown />
      </footer>
    );
  }
  return (
    <footer
      ref={ref}
      className={className}
      onClick={follow}
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
    />
  );
}
