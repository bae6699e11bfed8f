import type { HTMLInputTypeAttribute } from "react";

const CONTROL_CLASSES =
  "mt-1.5 w-full rounded-xl border bg-cream/40 px-4 py-3 text-base text-charcoal placeholder:text-charcoal/50 transition focus:border-indigo-ink focus:bg-white";

/**
 * A labelled text input with its hint and error read out with it (aria-describedby). Uncontrolled, so
 * text typed before hydration survives it; forms read their values on submit.
 */
export function TextField({
  id,
  name,
  label,
  error,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  defaultValue,
  readOnly,
  onEdit,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  placeholder?: string;
  defaultValue?: string;
  /** A stand-in for a form whose code is still on its way: nothing typed into it could be lost. */
  readOnly?: boolean;
  onEdit?: (name: string) => void;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-charcoal">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        defaultValue={defaultValue}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={() => onEdit?.(name)}
        className={`${CONTROL_CLASSES} ${error ? "border-madder" : "border-charcoal/25"}`}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-madder">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-charcoal/75">
          {hint}
        </p>
      )}
    </div>
  );
}
