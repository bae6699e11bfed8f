import { NUMERIC_INPUT_DEFAULT_WIDTH } from "@store/shared";
import { useRef, useState } from "react";
import { clamp, parseNumeric, stepValue, useWheelStep, type NumericBounds } from "../ui/numeric-input";
import { described, FieldShell } from "./form-controls";

/**
 * The shop's numeric input behaviour (ArrowUp/ArrowDown and the wheel while focused step, Enter commits,
 * width 90) for a field that may be empty, as the add-item form's prices start: `null` is "not entered",
 * so the spec's 'Please enter the offer price!' can show. Stepping stays within min/max, but a typed value
 * is kept as typed: the shared schema refuses -5 with a message, where clamping would have saved 0 behind
 * the seller's back (issue 13 point 6). ui/NumericInput always holds a number, hence this sibling.
 */
export function OptionalNumberField({
  id,
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  error,
  hint,
  required,
  className,
  hideLabel,
  decimal = false,
}: NumericBounds & {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  hideLabel?: boolean;
  /** Cents allowed: a decimal keyboard on phones. */
  decimal?: boolean;
}) {
  const bounds = { min, max, step };
  // Text being typed; null while the field shows the committed value.
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // No bounds here: an out-of-range number reaches the schema, which says what is wrong.
  const typed = (text: string) => (text.trim() === "" ? null : parseNumeric(text));
  const current = () => (draft === null ? value : typed(draft));
  const step1 = (direction: 1 | -1) => {
    const now = current();
    const next = now === null ? clamp(0, bounds) : stepValue(clamp(now, bounds), direction, bounds);
    setDraft(null);
    if (next !== value) onChange(next);
  };

  useWheelStep(input, step1);

  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
      hideLabel={hideLabel}
    >
      <div className={hideLabel ? "" : "mt-1"}>
        <input
          ref={input}
          id={id}
          type="text"
          inputMode={decimal || !Number.isInteger(step) ? "decimal" : "numeric"}
          role="spinbutton"
          aria-valuenow={value ?? undefined}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-required={required || undefined}
          {...described(id, error, hint)}
          value={draft ?? (value === null ? "" : String(value))}
          style={{ width: NUMERIC_INPUT_DEFAULT_WIDTH }}
          className={`rounded-md border bg-white px-2 py-1.5 text-center tabular-nums focus:border-indigo-ink ${error ? "border-madder" : "border-charcoal/30"}`}
          onChange={(event) => {
            // Reported as typed (clamped when committed), so a draft kept in storage has it at once.
            setDraft(event.target.value);
            const next = typed(event.target.value);
            if (next !== null || event.target.value.trim() === "") onChange(next);
          }}
          onBlur={() => setDraft(null)}
          onKeyDown={(event) => {
            if (event.key === "ArrowUp" || event.key === "ArrowDown") {
              event.preventDefault();
              step1(event.key === "ArrowUp" ? 1 : -1);
            } else if (event.key === "Enter") {
              event.preventDefault();
              setDraft(null);
            } else if (event.key === "Escape") {
              setDraft(null);
            }
          }}
        />
      </div>
    </FieldShell>
  );
}
