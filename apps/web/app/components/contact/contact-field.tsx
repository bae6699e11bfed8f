import type { CreateQueryRequest } from "@store/shared";

export type FieldName = keyof CreateQueryRequest;

export type FieldSpec = {
  label: string;
  placeholder: string;
  type?: "text" | "tel" | "email";
  autoComplete: string;
  multiline?: boolean;
};

const CONTROL_CLASSES =
  "w-full rounded-xl border bg-cream/40 px-4 py-3 text-base text-charcoal placeholder:text-charcoal/60 transition focus:border-indigo-ink focus:bg-white";

/**
 * One labelled control of the contact form; the label is visually hidden (the placeholders are the spec's).
 * Uncontrolled on purpose: text typed before hydration survives it (the form reads its values on submit).
 */
export function ContactField({
  name,
  field,
  error,
  onEdit,
}: {
  name: FieldName;
  field: FieldSpec;
  error?: string;
  onEdit: (name: FieldName) => void;
}) {
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required: true,
    placeholder: field.placeholder,
    autoComplete: field.autoComplete,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: `${CONTROL_CLASSES} ${error ? "border-madder" : "border-charcoal/25"}`,
  };
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {field.label}
      </label>
      {field.multiline ? (
        <textarea {...shared} rows={4} onChange={() => onEdit(name)} className={`${shared.className} resize-y`} />
      ) : (
        <input {...shared} type={field.type ?? "text"} onChange={() => onEdit(name)} />
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-madder">
          {error}
        </p>
      )}
    </div>
  );
}
