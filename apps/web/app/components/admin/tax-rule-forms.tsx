import { taxRateCreateSchema, taxRuleCreateSchema, type TaxRuleView } from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { TextArea, TextInput } from "./form-controls";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

function FormFailure({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-madder">
      {message}
    </p>
  );
}

/** A new rule: its name and what it covers; its rates are added after. */
export function AddRuleForm({ onAdded }: { onAdded: (rule: TaxRuleView) => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const errorOf = (field: string) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    const checked = taxRuleCreateSchema.safeParse({ name, description });
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(["name", "description"], found, (f) => `new-rule-${f}`);
      return;
    }
    setFields({});
    const rule = await action.run(() => adminApi.post<TaxRuleView>("/api/admin/tax-rules", checked.data));
    if (!rule) return;
    setName("");
    setDescription("");
    onAdded(rule);
  }

  return (
    <form
      noValidate
      className={`${CARD} space-y-4`}
      aria-labelledby="new-rule-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="new-rule-title" className={SECTION_TITLE}>
        Add a rule
      </h2>
      <TextInput id="new-rule-name" label="Name" required value={name} onChange={setName} error={errorOf("name")} />
      <TextArea
        id="new-rule-description"
        label="Description"
        rows={2}
        value={description}
        onChange={setDescription}
        error={errorOf("description")}
        hint="What it covers, e.g. the HSN chapters and the notification."
      />
      <FormFailure message={action.failure && !errorOf("name") ? action.failure.message : undefined} />
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Add rule
      </button>
    </form>
  );
}

const RATE_FIELDS = ["effective_from", "rate", "threshold", "rate_above"] as const;

/** A new rate of one rule from a date on; a threshold splits it into a rate up to it and one above. */
export function AddRateForm({ rule, onAdded }: { rule: TaxRuleView; onAdded: (rule: TaxRuleView) => void }) {
  const empty = { effective_from: "", rate: "", threshold: "", rate_above: "" };
  const [values, setValues] = useState(empty);
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const idOf = (field: string) => `rule-${rule.id}-${field.replace(/_/g, "-")}`;
  const set = (field: keyof typeof empty) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const errorOf = (field: string) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    const checked = taxRateCreateSchema.safeParse(values);
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(RATE_FIELDS, found, idOf);
      return;
    }
    setFields({});
    const next = await action.run(() =>
      adminApi.post<TaxRuleView>(`/api/admin/tax-rules/${rule.id}/rates`, checked.data),
    );
    if (!next) return;
    setValues(empty);
    onAdded(next);
  }

  const anyField = RATE_FIELDS.some((f) => action.failure?.fields[f]);
  return (
    <form
      noValidate
      className="space-y-3"
      aria-label={`Add a rate to ${rule.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput
          id={idOf("effective_from")}
          label="In force from"
          type="date"
          required
          value={values.effective_from}
          onChange={set("effective_from")}
          error={errorOf("effective_from")}
        />
        <TextInput
          id={idOf("rate")}
          label="Rate (%)"
          inputMode="decimal"
          required
          value={values.rate}
          onChange={set("rate")}
          error={errorOf("rate")}
          placeholder="5"
        />
        <TextInput
          id={idOf("threshold")}
          label="Up to ₹ a piece"
          inputMode="decimal"
          value={values.threshold}
          onChange={set("threshold")}
          error={errorOf("threshold")}
          hint="Optional: the taxable value of one piece up to which the rate applies."
        />
        <TextInput
          id={idOf("rate_above")}
          label="Rate above (%)"
          inputMode="decimal"
          value={values.rate_above}
          onChange={set("rate_above")}
          error={errorOf("rate_above")}
          hint="With a threshold: the rate above it."
        />
      </div>
      <FormFailure message={action.failure && !anyField ? action.failure.message : undefined} />
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Add rate
      </button>
    </form>
  );
}
