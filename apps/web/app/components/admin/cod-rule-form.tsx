import { useState } from "react";
import { COD_ACTION_TITLES, COD_RULE_ACTIONS, COD_RULE_SCOPES, COD_SCOPE_TITLES, type CodRule } from "@store/shared";
import type { Failure } from "./failures";
import { SelectInput, TextInput } from "./form-controls";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";

/** The figures of an action as the seller types them: rupees and a percent. */
export type ActionValues = { action: string; cap: string; percent: string; minimum: string };

const paise = (rupees: string) => (rupees.trim() === "" ? null : Math.round(Number(rupees) * 100));
const rupees = (minor: number | null) => (minor === null ? "" : String(minor / 100));

/** The API's action fields (paise) from the form's (rupees); figures the action does not use are left out. */
export function actionBody(v: ActionValues) {
  return {
    action: v.action,
    ...(v.action === "cap" && { cap_minor: paise(v.cap) }),
    ...(v.action === "advance" && {
      advance_percent: v.percent.trim() === "" ? null : Number(v.percent),
      advance_min_minor: paise(v.minimum) ?? 0,
    }),
  };
}

export const actionValues = (r: {
  action: string;
  cap_minor: number | null;
  advance_percent: number | null;
  advance_min_minor: number | null;
}): ActionValues => ({
  action: r.action,
  cap: rupees(r.cap_minor),
  percent: r.advance_percent === null ? "" : String(r.advance_percent),
  minimum: rupees(r.advance_min_minor),
});

/** The action and its figures: the cap in rupees, or the advance's percent and minimum. */
export function ActionFields({
  id,
  values,
  onChange,
  failure,
  actions = COD_RULE_ACTIONS,
}: {
  id: string;
  values: ActionValues;
  onChange: (values: ActionValues) => void;
  failure: Failure | null;
  actions?: readonly string[];
}) {
  const set = (field: keyof ActionValues) => (value: string) => onChange({ ...values, [field]: value });
  const error = (field: string) => failure?.fields[field];
  return (
    <>
      <SelectInput
        id={`${id}-action`}
        label="Cash on delivery"
        value={values.action}
        onChange={set("action")}
        options={actions.map((a) => ({ value: a, label: COD_ACTION_TITLES[a as keyof typeof COD_ACTION_TITLES] }))}
        error={error("action")}
      />
      {values.action === "cap" && (
        <TextInput
          id={`${id}-cap`}
          label="Largest COD order (₹)"
          inputMode="decimal"
          value={values.cap}
          onChange={set("cap")}
          error={error("cap_minor")}
        />
      )}
      {values.action === "advance" && (
        <>
          <TextInput
            id={`${id}-percent`}
            label="Advance (% of the total)"
            inputMode="numeric"
            value={values.percent}
            onChange={set("percent")}
            error={error("advance_percent")}
            hint="1 to 90"
          />
          <TextInput
            id={`${id}-minimum`}
            label="Advance at least (₹)"
            inputMode="decimal"
            value={values.minimum}
            onChange={set("minimum")}
            error={error("advance_min_minor")}
          />
        </>
      )}
    </>
  );
}

/** Adds a rule, or edits `editing` (the whole rule is sent). */
export function CodRuleForm({
  editing,
  busy,
  failure,
  onSave,
  onCancel,
}: {
  editing: CodRule | null;
  busy: boolean;
  failure: Failure | null;
  onSave: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const [scope, setScope] = useState<string>(editing?.scope ?? "pincode");
  const [key, setKey] = useState(editing?.key ?? "");
  const [note, setNote] = useState(editing?.note ?? "");
  const [action, setAction] = useState<ActionValues>(
    editing ? actionValues(editing) : { action: "prepaid_only", cap: "", percent: "", minimum: "" },
  );
  const keyLabel =
    scope === "customer"
      ? "E-mail or mobile number"
      : scope === "area"
        ? "First 2 or 3 digits of the PIN code"
        : "PIN code";
  return (
    <form
      noValidate
      aria-labelledby="cod-rule-form-title"
      aria-busy={busy}
      className={`${CARD} mb-6`}
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ scope, key: scope === "shop" ? "" : key, note, ...actionBody(action) });
      }}
    >
      <h2 id="cod-rule-form-title" className={SECTION_TITLE}>
        {editing ? "Edit the rule" : "Add a rule"}
      </h2>
      {failure && (
        <p role="alert" className="mt-3 font-medium text-madder">
          {failure.message}
        </p>
      )}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectInput
          id="cod-rule-scope"
          label="Applies to"
          value={scope}
          onChange={setScope}
          options={COD_RULE_SCOPES.map((s) => ({ value: s, label: COD_SCOPE_TITLES[s] }))}
          error={failure?.fields.scope}
        />
        {scope !== "shop" && (
          <TextInput
            id="cod-rule-key"
            label={keyLabel}
            value={key}
            onChange={setKey}
            error={failure?.fields.key}
            required
          />
        )}
        <ActionFields id="cod-rule" values={action} onChange={setAction} failure={failure} />
        <TextInput
          id="cod-rule-note"
          label="Note (for you)"
          value={note}
          onChange={setNote}
          error={failure?.fields.note}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
          Save rule
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
