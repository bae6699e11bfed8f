/** Buttons shared by the header scroller and the testimonial rotator; at least 32px to tap. */
type Tone = "light" | "dark";

const ring = (tone: Tone) => (tone === "light" ? "hover:bg-cream/15" : "hover:bg-charcoal/10");

export function StepButton({
  direction,
  label,
  onClick,
  tone = "light",
}: {
  direction: "previous" | "next";
  label: string;
  onClick: () => void;
  tone?: Tone;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`flex h-8 w-8 items-center justify-center rounded-full ${ring(tone)}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        aria-hidden="true"
      >
        <path d={direction === "previous" ? "m15 6-6 6 6 6" : "m9 6 6 6-6 6"} />
      </svg>
    </button>
  );
}

export function DotButton({
  label,
  current,
  onClick,
  tone,
}: {
  label: string;
  current: boolean;
  onClick: () => void;
  tone: Tone;
}) {
  const dot = tone === "light" ? (current ? "bg-turmeric" : "bg-cream/60") : current ? "bg-madder" : "bg-charcoal/35";
  return (
    <button
      type="button"
      aria-label={label}
      aria-current={current ? "true" : undefined}
      onClick={onClick}
      className={`flex h-8 w-6 items-center justify-center rounded-full ${ring(tone)}`}
    >
      <span
        aria-hidden="true"
        className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${current ? "w-5" : "w-2.5"} ${dot}`}
      />
    </button>
  );
}

/** With `withText`, the button shows its word too (its name still starts with that word, as WCAG asks). */
export function PauseButton({
  paused,
  onToggle,
  what,
  tone,
  withText = false,
}: {
  paused: boolean;
  onToggle: () => void;
  what: string;
  tone: Tone;
  withText?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={paused ? `Play ${what}` : `Pause ${what}`}
      onClick={onToggle}
      className={`flex h-8 items-center justify-center gap-2 rounded-full ${withText ? "border border-charcoal/25 px-4 text-sm" : "w-8"} ${ring(tone)}`}
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
        {paused ? <path d="M7 4.5v15l12-7.5z" /> : <path d="M6 4h4v16H6zM14 4h4v16h-4z" />}
      </svg>
      {withText && <span aria-hidden="true">{paused ? "Play" : "Pause"}</span>}
    </button>
  );
}
