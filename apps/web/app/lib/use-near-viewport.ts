import { useEffect, useRef, useState } from "react";

/**
 * The observed area reaches this far above the viewport, so a section the shopper has jumped past (End
 * key, a link to the footer) counts as reached: jumping over it never makes it intersect the viewport.
 */
const ABOVE = "100000px";

/**
 * True once the element comes within `margin` below the viewport (or has been scrolled past), and stays
 * true: lazy sections start fetching just before the shopper scrolls to them.
 */
export function useNearViewport<E extends Element>(margin = "300px") {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${ABOVE} 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin, near]);
  return { ref, near };
}
