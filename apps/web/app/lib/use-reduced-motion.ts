import { startTransition, useEffect, useState } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/**
 * The shopper's "reduce motion" setting; reduced until hydrated, so nothing moves before then. Read in an
 * effect as a transition rather than with useSyncExternalStore: a store whose server value differs makes
 * React re-render every user at once, synchronously, right after hydration (one long task on a phone);
 * a transition lets it do that in slices.
 */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const update = () => startTransition(() => setReduced(media.matches));
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return reduced;
}
