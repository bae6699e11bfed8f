import { TIMINGS_MS } from "@store/shared";
import { useEffect, useRef, useState } from "react";

/**
 * Spec: every 3 s the item fades out, 300 ms later the next one (wrapping) fades in; picking an item
 * jumps to it and restarts the 3 s clock.
 */
export function useRotation(count: number, running: boolean) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  const [cycle, setCycle] = useState(0);
  const fadeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!running || count < 2) return;
    const timer = setInterval(() => {
      setVisible(false);
      fadeTimer.current = setTimeout(() => {
        setIndex((i) => (i + 1) % count);
        setVisible(true);
      }, TIMINGS_MS.testimonialFade);
    }, TIMINGS_MS.testimonialRotation);
    return () => {
      clearInterval(timer);
      clearTimeout(fadeTimer.current);
      setVisible(true);
    };
  }, [running, count, cycle]);

  const show = (next: number) => {
    clearTimeout(fadeTimer.current);
    setIndex(next);
    setVisible(true);
    setCycle((c) => c + 1);
  };

  return { index, visible, show };
}
