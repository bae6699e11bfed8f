import { useEffect, useRef, useState, type ComponentType, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * A part of the page without state that the server renders and the browser keeps as HTML, its code left out
 * of the page's first load (decision 112): an element whose inner HTML React sets (to nothing) is hydrated
 * without its children, and `suppressHydrationWarning` tells React the difference is meant. Only when there
 * is no server HTML (a client navigation) does the browser load the content and render it. Links in it are
 * followed here as a Link would, without reloading the page.
 */
export function KeptHtml({
  as,
  className,
  server,
  load,
}: {
  as: "footer" | "div";
  className?: string;
  /** The content, on the server (from `ServerPartsContext`); none in the browser. */
  server: ComponentType | undefined;
  /** The content's code, for a render in the browser. */
  load: () => Promise<ComponentType>;
}) {
  // One element type for TypeScript: the ref and handlers are the same for either tag.
  const Tag = as as "div";
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [Content, setContent] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (ref.current?.hasChildNodes()) return;
    void load().then((content) => setContent(() => content));
    // Once: the server's HTML, or the content loaded for this mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function follow(event: MouseEvent<HTMLElement>) {
    const link = (event.target as Element).closest("a");
    if (!link || link.target || link.origin !== location.origin || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  }

  const Shown = server ?? Content;
  if (Shown) {
    return (
      <Tag key="rendered" className={className} onClick={follow}>
        <Shown />
      </Tag>
    );
  }
  return (
    <Tag
      ref={ref}
      className={className}
      onClick={follow}
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
    />
  );
}
