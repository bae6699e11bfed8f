import type { HTMLAttributes, HTMLInputTypeAttribute, ReactNode } from "react";
import { CONTROL } from "./styles";

type Common = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  /** For a control in a table, whose column header already says what it is: the label is for screen readers. */
  hideLabel?: boolean;
};

/** aria-invalid and aria-describedby for a control whose error and hint sit under it. */
export function described(id: string, error?: string, hint?: string) {
  const ids = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

const controlClass = (error?: string) => `${CONTROL} ${error ? "border-madder" : "border-charcoal/30"}`;

/** A label, the control, then its hint and error (read out with the control through `described`). */
export function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  className = "",
  hideLabel = false,
  children,
}: Common & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-semibold text-charcoal"}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-madder">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-madder">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-charcoal/75">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextInput({
  value,
  onChange,
  type = "text",
  inputMode,
  placeholder,
  autoComplete = "off",
  ...common
}: Common & {
  value: string;
  onChange: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  placeholder?: string;
  autoComplete?: string;
}) {
  const { id, error, hint, required } = common;
  return (
    <FieldShell {...common}>
      <input
        id={id}
        type={type}
        value={value}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        {...described(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass(error)}
      />
    </FieldShell>
  );
}

export function TextArea({
  value,
  onChange,
  rows = 4,
  ...common
}: Common & { value: string; onChange: (value: string) => void; rows?: number }) {
  const { id, error, hint, required } = common;
  return (
    <FieldShell {...common}>
      <textarea
        id={id}
        rows={rows}
        value={value}
        aria-required={required || undefined}
        {...described(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass(error)}
      />
    </FieldShell>
  );
}

export type Option = { value: string; label: string };

export function SelectInput({
  value,
  onChange,
  options,
  ...common
}: Common & { value: string; onChange: (value: string) => void; options: readonly Option[] }) {
  const { id, error, hint, required } = common;
  return (
    <FieldShell {...common}>
      <select
        id={id}
        value={value}
        aria-required={required || undefined}
        {...described(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass(error)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxInput({
  id,
  label,
  checked,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-5 w-5 flex-none accent-indigo-ink"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-charcoal">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-charcoal/75">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
