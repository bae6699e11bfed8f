import { useState, type ReactNode } from "react";
import { SelectInput, TextInput, type Option } from "./form-controls";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "./styles";

export type FilterSpec<K extends string> = { name: K; label: string; placeholder?: string } & (
  { kind: "text" | "date" | "month" } | { kind: "select"; options: readonly Option[] }
);

/**
 * A list's filters. Edited locally and applied together on "Apply" (or Enter), so a half-typed search
 * does not reload the list on every key. Give it `key` = the applied filters, so it resets when they change.
 */
export function FilterForm<K extends string>({
  label,
  specs,
  values,
  onApply,
  extra,
}: {
  label: string;
  specs: readonly FilterSpec<K>[];
  values: Record<K, string>;
  onApply: (values: Record<K, string>) => void;
  extra?: ReactNode;
}) {
  const [draft, setDraft] = useState(values);
  const set = (name: K, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const cleared = Object.fromEntries(specs.map((s) => [s.name, ""])) as Record<K, string>;
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
      className="mb-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-linen"
    >
      <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
        {specs.map((spec) => {
          const common = {
            id: `filter-${spec.name}`,
            label: spec.label,
            value: draft[spec.name],
            onChange: (v: string) => set(spec.name, v),
          };
          return spec.kind === "select" ? (
            <SelectInput key={spec.name} {...common} options={spec.options} />
          ) : (
            <TextInput
              key={spec.name}
              {...common}
              type={spec.kind === "text" ? "search" : spec.kind}
              placeholder={spec.placeholder}
            />
          );
        })}
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <button type="submit" className={BUTTON_PRIMARY}>
          Apply
        </button>
        <button
          type="button"
          className={BUTTON_SECONDARY}
          onClick={() => {
            setDraft(cleared);
            onApply(cleared);
          }}
        >
          Clear
        </button>
        {extra && <div className="ml-auto">{extra}</div>}
      </div>
    </form>
  );
}
