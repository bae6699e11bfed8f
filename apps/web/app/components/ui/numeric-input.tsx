import { NUMERIC_INPUT_DEFAULT_WIDTH } from "@store/shared";
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from "react";

export type NumericBounds = { min?: number; max?: number; step?: number };

/** Keeps a value inside [min, max]; a missing bound does not limit. */
export function clamp(value: number, { min = -Infinity, max = Infinity }: NumericBounds = {}): number {
  return Math.min(max, Math.max(min, value));
}

/** Decimal places of a step (0.25 -> 2), so stepping 0.1 + 0.2 gives 0.3, not 0.30000000000000004. */
function decimalsOf(step: number): number {
  const text = String(step);
  const exponent = text.match(/e-(\d+)$/);
  if (exponent) return Number(exponent[1]);
  return text.split(".")[1]?.length ?? 0;
}

/** One step up (+1) or down (-1) from `value`, rounded to the step's precision and clamped. */
export function stepValue(value: number, direction: 1 | -1, bounds: NumericBounds = {}): number {
  const step = bounds.step && bounds.step > 0 ? bounds.step : 1;
  const decimals = decimalsOf(step);
  const next = Number((value + direction * step).toFixed(decimals));
  return clamp(next, bounds);
}

/** Typed text -> a clamped number, or null when it is not a number (the caller keeps the old value). */
export function parseNumeric(text: string, bounds: NumericBounds = {}): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? clamp(parsed, bounds) : null;
}

/**
 * The mouse wheel steps a focused numeric field (up = +1). React's wheel listener is passive, so it
 * cannot stop the page scrolling; this listens natively instead.
 */
export function useWheelStep(input: RefObject<HTMLInputElement | null>, onStep: (direction: 1 | -1) => void): void {
  const onWheel = useEffectEvent((event: WheelEvent) => {
    if (document.activeElement !== input.current || event.deltaY === 0) return;
    event.preventDefault();
    onStep(event.deltaY < 0 ? 1 : -1);
  });
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const listener = (event: WheelEvent) => onWheel(event);
    element.addEventListener("wheel", listener, { passive: false });
    return () => element.removeEventListener("wheel", listener);
  }, [input]);
}

type NumericInputProps = NumericBounds & {
  value: number;
  onChange: (value: number) => void;
  "aria-label": string;
  id?: string;
  name?: string;
  disabled?: boolean;
  className?: string;
  /** CSS width in pixels; the spec's default is 90. */
  width?: number;
};

/**
 * The spec's numeric input: ArrowUp/ArrowDown and the mouse wheel (only while focused) step the value,
 * Enter or leaving the field commits typed text, and every value is clamped to min/max. Controlled.
 */
export function NumericInput({
  value,
  onChange,
  min,
  max,
  step = 1,
  width = NUMERIC_INPUT_DEFAULT_WIDTH,
  className = "",
  ...rest
}: NumericInputProps) {
  const bounds = { min, max, step };
  // Text being typed; null while the field shows the committed value.
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const current = () => (draft === null ? value : (parseNumeric(draft, bounds) ?? value));
  const commit = (next: number) => {
    setDraft(null);
    if (next !== value) onChange(next);
  };
  const commitDraft = () => commit(draft === null ? value : (parseNumeric(draft, bounds) ?? value));

  useWheelStep(input, (direction) => commit(stepValue(current(), direction, bounds)));

  return (
    <input
      ref={input}
      type="text"
      inputMode={Number.isInteger(step) ? "numeric" : "decimal"}
      role="spinbutton"
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      value={draft ?? String(value)}
      style={{ width }}
      className={`rounded-md border border-charcoal/30 bg-white px-2 py-1.5 text-center tabular-nums focus:border-indigo-ink ${className}`}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commitDraft}
      onKeyDown={(event) => {
        if (event.key === "ArrowUp" || event.key === "ArrowDown") {
          event.preventDefault();
          commit(stepValue(current(), event.key === "ArrowUp" ? 1 : -1, bounds));
        } else if (event.key === "Enter") {
          event.preventDefault();
          commitDraft();
        } else if (event.key === "Escape") {
          setDraft(null);
        }
      }}
      {...rest}
    />
  );
}
