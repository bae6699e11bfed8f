import { useEffect, useRef, useState } from "react";

/**
 * True while the element is on screen. Moving parts (the testimonials' rotation and drift, the header
 * scroller) run only then: off screen their timers and animations were work for nobody, and on a first
 * visit the testimonials sit below a phone's first screen, so the page goes quiet once it has loaded
 * instead of re-rendering every few seconds (issue 18: home's main-thread work).
 */
export function useInView<E extends Element>() {
  const ref = useRef<E>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (last) setInView(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, inView };
}
