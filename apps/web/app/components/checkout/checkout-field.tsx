import type { HTMLInputTypeAttribute, HTMLAttributes } from "react";

const CONTROL =
  "mt-1.5 w-full scroll-mt-28 rounded-xl border bg-cream/40 px-4 py-3 text-base text-charcoal placeholder:text-charcoal/50 transition focus:border-indigo-ink focus:bg-white disabled:cursor-not-allowed disabled:opacity-70";

export type CheckoutFieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  hint?: string;
  multiline?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  placeholder?: string;
  maxLength?: number;
  /** A choice from a list (a <select>) rather than typed text. */
  options?: readonly { value: string; label: string }[];
};

/**
 * A labelled delivery field: required ones carry the `required` attribute and a visible asterisk; the
 * error and hint are read out with the field (aria-describedby). The form itself validates (noValidate),
 * so the spec's own sentences are shown rather than the browser's bubbles.
 */
export function CheckoutField({
  id,
  name,
  label,
  value,
  onChange,
  required = false,
  error,
  hint,
  multiline = false,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  maxLength,
  options,
}: CheckoutFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const shared = {
    id,
    name,
    value,
    required,
    autoComplete,
    placeholder,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
    className: `${CONTROL} ${error ? "border-madder" : "border-charcoal/25"}`,
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-charcoal">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-madder">
            *
          </span>
        )}
      </label>
      {options ? (
        <select
          id={id}
          name={name}
          value={value}
          required={required}
          autoComplete={autoComplete}
          aria-invalid={shared["aria-invalid"]}
          aria-describedby={shared["aria-describedby"]}
          className={shared.className}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type={type} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
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
