import { TIMINGS_MS } from "@store/shared";
import { useCallback, useEffect, useState } from "react";

type TimedMessage = { id: number; text: string };

/** Spec section 5: the delivery form's messages disappear after 5 s; showing one again restarts the time. */
export function useTimedMessage(timeoutMs: number = TIMINGS_MS.formMessageTimeout) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const id = message?.id;
  useEffect(() => {
    if (id === undefined) return;
    const timer = window.setTimeout(() => setMessage(null), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [id, timeoutMs]);
  const show = useCallback((text: string) => setMessage((current) => ({ id: (current?.id ?? 0) + 1, text })), []);
  const clear = useCallback(() => setMessage(null), []);
  return { text: message?.text ?? null, show, clear };
}
