import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { FormMessage } from "../account/auth-card";
import type { CrudConfig, CrudField, FormValues } from "./crud-types";
import { toPayload } from "./crud-values";
import { fieldsFromIssues, focusFirstError, type Failure } from "./failures";
import { CheckboxInput, SelectInput, TextArea, TextInput } from "./form-controls";
import { MEDIA_HINT, MediaField } from "./media-field";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";

const idOf = (name: string) => `crud-${name}`;

// The editor (and its library) loads only in the browser, when a form with formatted text opens.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

function Control({
  field,
  values,
  error,
  onChange,
}: {
  field: CrudField;
  values: FormValues;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const value = values[field.name] ?? "";
  const common = {
    id: idOf(field.name),
    label: field.labelOf?.(values) ?? field.label,
    required: field.required,
    hint: field.hintOf?.(values) ?? field.hint,
    error,
    className: field.wide ? "sm:col-span-2" : "",
  };
  const text = typeof value === "string" ? value : "";
  switch (field.kind) {
    case "checkbox":
      return (
        <div className={`self-end ${common.className}`}>
          <CheckboxInput
            id={common.id}
            label={common.label}
            hint={common.hint}
            checked={value === true}
            onChange={onChange}
          />
        </div>
      );
    case "select":
      return <SelectInput {...common} value={text} options={field.options ?? []} onChange={onChange} />;
    case "textarea":
    case "lines":
      return <TextArea {...common} rows={field.kind === "lines" ? 5 : 4} value={text} onChange={onChange} />;
    case "rich":
      return (
        <Suspense fallback={<p className={`${common.className} text-sm text-charcoal/75`}>Loading the editor...</p>}>
          <RichTextEditor {...common} value={text} onChange={onChange} />
        </Suspense>
      );
    case "media":
      return (
        <div className={common.className}>
          <MediaField {...common} hint={field.hint ?? MEDIA_HINT} value={text} onChange={onChange} />
        </div>
      );
    default:
      return (
        <TextInput
          {...common}
          value={text}
          onChange={onChange}
          type={field.kind === "datetime" ? "datetime-local" : "text"}
          inputMode={field.kind === "number" ? "numeric" : undefined}
        />
      );
  }
}

/**
 * Adds or edits one record: the shared schema checks the form first (its messages under the fields),
 * then the server's answer is shown the same way. An edit sends only what changed.
 */
export function CrudForm<T extends { id: number }>({
  config,
  editing,
  failure,
  busy,
  onSubmit,
  onCancel,
}: {
  config: CrudConfig<T>;
  editing: T | null;
  failure: Failure | null;
  busy: boolean;
  onSubmit: (payload: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const [initial] = useState<FormValues>(() => (editing ? config.valuesOf(editing) : config.blank));
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const title = useRef<HTMLHeadingElement>(null);
  const names = config.fields.map((f) => f.name);

  useEffect(() => title.current?.focus(), []);
  useEffect(() => {
    if (failure) focusFirstError(names, failure.fields, idOf);
    // Only a new failure moves focus; `names` follows the config, which does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = toPayload(config.fields, values, editing ? initial : undefined);
    const parsed = (editing ? config.patchSchema : config.createSchema).safeParse(payload);
    if (!parsed.success) {
      const fields = fieldsFromIssues(parsed.error.issues);
      setErrors(fields);
      focusFirstError(names, fields, idOf);
      return;
    }
    setErrors({});
    onSubmit(payload);
  }

  const shown = { ...failure?.fields, ...errors };
  const heading = editing ? `Edit ${config.nameOf(editing)}` : `Add a ${config.singular}`;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="crud-form-title" aria-busy={busy} className={`${CARD} mb-6`}>
      <h2 id="crud-form-title" ref={title} tabIndex={-1} className={`${SECTION_TITLE} focus:outline-none`}>
        {heading}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {config.fields.map((field) => (
          <Control
            key={field.name}
            field={field}
            values={values}
            error={shown[field.name]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }));
              setErrors((current) => ({ ...current, [field.name]: "" }));
            }}
          />
        ))}
      </div>
      {config.preview && <div className="mt-5">{config.preview(values)}</div>}
      {failure && (
        <div className="mt-4">
          <FormMessage tone="error">{failure.message}</FormMessage>
        </div>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
          {busy ? "Saving..." : editing ? "Save changes" : `Add ${config.singular}`}
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
