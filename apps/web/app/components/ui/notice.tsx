import { TIMINGS_MS } from "@store/shared";
import { useCallback, useEffect, useEffectEvent, useState } from "react";

/** One showing of a notice; `id` changes on every show so repeating the same text restarts the timer. */
export type NoticeState = { id: number; text: string };

type Tone = "success" | "error";

const TONE_CLASSES: Record<Tone, string> = {
  success: "bg-green-800 text-white",
  error: "bg-madder text-white",
};

/**
 * The spec's transient notice: centred on screen and hidden again `TIMINGS_MS.noticeAutoClose` after it
 * became visible. The live region stays in the page while empty so screen readers announce new text.
 */
export function Notice({
  notice,
  onDismiss,
  tone = "success",
  durationMs = TIMINGS_MS.noticeAutoClose,
}: {
  notice: NoticeState | null;
  onDismiss: () => void;
  tone?: Tone;
  durationMs?: number;
}) {
  // An effect event, so a caller's inline onDismiss does not restart the countdown on every render.
  const dismiss = useEffectEvent(onDismiss);
  const id = notice?.id;
  useEffect(() => {
    if (id === undefined) return;
    const timer = window.setTimeout(dismiss, durationMs);
    return () => window.clearTimeout(timer);
  }, [id, durationMs]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      {notice && (
        <p
          key={notice.id}
          className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-2xl px-6 py-4 text-base font-medium shadow-2xl ring-4 ring-white/70 ${TONE_CLASSES[tone]}`}
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="h-6 w-6 flex-none"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <circle cx="12" cy="12" r="10" />
            {tone === "success" ? <path d="m7.5 12.5 3 3 6-6.5" /> : <path d="M12 7v6m0 4h.01" />}
          </svg>
          <span>{notice.text}</span>
        </p>
      )}
    </div>
  );
}

/** State for a `<Notice>`: `show(text)` displays it, the notice calls `dismiss` when its time is up. */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const show = useCallback((text: string) => setNotice((current) => ({ id: (current?.id ?? 0) + 1, text })), []);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, show, dismiss };
}
