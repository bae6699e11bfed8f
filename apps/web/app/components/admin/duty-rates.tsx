import { dutyRateCreateSchema, type DutyRateView, type ImportRuleView } from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { TextInput } from "./form-controls";
import { BUTTON_SECONDARY } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/** The add-a-rate form's fields, in the order they are shown and focused. */
const FIELDS = [
  { name: "hs_prefix", label: "HS code", inputMode: "numeric" },
  { name: "rate", label: "Duty (%)", inputMode: "decimal" },
  { name: "effective_from", label: "From", type: "date" },
  { name: "source_url", label: "Source", type: "url" },
] as const;
type Field = (typeof FIELDS)[number]["name"];
const EMPTY: Record<Field, string> = { hs_prefix: "", rate: "", effective_from: "", source_url: "" };
const FIELD_NAMES = FIELDS.map((f) => f.name);

/** A destination's duty rates by HS code (decision 081): listed with their sources, added and deleted. */
export function DutyRates({ rule, onChanged }: { rule: ImportRuleView; onChanged: (text: string) => void }) {
  const id = (field: string) => `rate-${rule.code}-${field}`;
  const [values, setValues] = useState(EMPTY);
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();

  async function add() {
    const checked = dutyRateCreateSchema.safeParse(values);
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(FIELD_NAMES, found, id);
      return;
    }
    setFields({});
    const added = await action.run(() =>
      adminApi.post<DutyRateView>(`/api/admin/import-rules/${rule.code}/duty-rates`, checked.data),
    );
    if (added) {
      setValues(EMPTY);
      onChanged(`Duty rate for ${added.hs_prefix} added.`);
    }
  }

  async function remove(rate: DutyRateView) {
    const done = await action.run(async () => {
      await adminApi.remove(`/api/admin/duty-rates/${rate.id}`);
      return true;
    });
    if (done) onChanged(`Duty rate for ${rate.hs_prefix} deleted.`);
  }

  return (
    <div className="mt-6 border-t border-linen pt-4">
      <h3 className="font-semibold text-indigo-ink">Duty rates by HS code</h3>
      {rule.duty_rates.length === 0 ? (
        <p className="mt-2 text-sm text-charcoal/75">None: every line pays the default rate.</p>
      ) : (
        <ul className="mt-2 divide-y divide-linen text-sm">
          {rule.duty_rates.map((rate) => (
            <li key={rate.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-mono">{rate.hs_prefix}</span>: {rate.rate}% from {rate.effective_from}{" "}
                <a
                  className="text-indigo-ink underline"
                  href={rate.source_url}
                  rel="noreferrer noopener"
                  target="_blank"
                >
                  source
                </a>
              </span>
              <button
                type="button"
                className={BUTTON_SECONDARY}
                disabled={action.busy}
                onClick={() => void remove(rate)}
              >
                Delete<span className="sr-only"> the rate for {rate.hs_prefix}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="mt-3 grid gap-3 sm:grid-cols-[8rem_7rem_10rem_minmax(0,1fr)_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            id={id(field.name)}
            label={field.label}
            {...("inputMode" in field ? { inputMode: field.inputMode } : { type: field.type })}
            value={values[field.name]}
            onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
            error={fields[field.name] ?? action.failure?.fields[field.name]}
          />
        ))}
        <button type="submit" className={BUTTON_SECONDARY} disabled={action.busy}>
          Add rate
        </button>
      </form>
      {action.failure && !FIELD_NAMES.some((f) => action.failure?.fields[f]) && (
        <p role="alert" className="mt-2 text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
    </div>
  );
}
