import { importRulePatchSchema, type ImportRulesResponse, type ImportRuleView } from "@store/shared";
import { useState } from "react";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "../../components/admin/failures";
import { DutyRates } from "../../components/admin/duty-rates";
import { CheckboxInput, TextArea, TextInput } from "../../components/admin/form-controls";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Import duties");
}

/**
 * Import duties and taxes by destination (decision 081): what the cart and checkout estimate for a buyer
 * abroad, and whether the shop collects them at checkout (delivered duty paid). Figures and their sources are
 * in docs/duty-rates.md; the seller checks them against the sources and keeps them current here.
 */
export default function ImportDuties() {
  const rules = useAdminResource<ImportRulesResponse>("/api/admin/import-rules");
  const notice = useNotice();
  const changed = (text: string) => {
    notice.show(text);
    rules.reload();
  };
  return (
    <>
      <PageHeader
        title="Import duties"
        lead="What buyers abroad are told they will pay at delivery, by destination. Estimates only: check each figure against its source, and tick delivered duty paid only where your carrier collects duties for you (DHL Express does)."
      />
      {!rules.data ? (
        <LoadState error={rules.error} onRetry={rules.reload} rows={4} />
      ) : (
        <div className="space-y-6">
          {rules.data.data.map((rule) => (
            <RuleCard key={rule.code} rule={rule} onChanged={changed} />
          ))}
        </div>
      )}
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}

type RuleFields = {
  threshold: string;
  usd_per_unit: string;
  tax_rate: string;
  country_tax_rates: string;
  default_duty_rate: string;
  extra_duty_rate: string;
  effective_from: string;
  source_url: string;
  note: string;
};
const FIELD_ORDER = [
  "threshold",
  "usd_per_unit",
  "tax_rate",
  "country_tax_rates",
  "default_duty_rate",
  "extra_duty_rate",
  "effective_from",
  "source_url",
  "note",
] as const;

/** "DE 19" per line, as the seller types them; a line that is not "XX number" is passed on for the schema to name. */
function parseCountryRates(text: string): Record<string, unknown> {
  const rates: Record<string, unknown> = {};
  for (const line of text.split(/[\n;,]+/)) {
    const [code = "", rate = ""] = line.trim().split(/\s+/);
    if (code) rates[code.toUpperCase()] = rate;
  }
  return rates;
}

function RuleCard({ rule, onChanged }: { rule: ImportRuleView; onChanged: (text: string) => void }) {
  const id = (field: string) => `rule-${rule.code}-${field.replace(/\./g, "-")}`;
  const [values, setValues] = useState<RuleFields>(() => ({
    threshold: String(rule.threshold),
    usd_per_unit: String(rule.usd_per_unit),
    tax_rate: String(rule.tax_rate),
    country_tax_rates: Object.entries(rule.country_tax_rates)
      .map(([c, r]) => `${c} ${r}`)
      .join("\n"),
    default_duty_rate: String(rule.default_duty_rate),
    extra_duty_rate: String(rule.extra_duty_rate),
    effective_from: rule.effective_from,
    source_url: rule.source_url,
    note: rule.note,
  }));
  const [ddp, setDdp] = useState(rule.ddp);
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const set = (field: keyof RuleFields) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const errorOf = (field: string) =>
    fields[field] ??
    action.failure?.fields[field] ??
    Object.entries(fields).find(([k]) => k.startsWith(`${field}.`))?.[1];

  async function save() {
    const { country_tax_rates, ...rest } = values;
    const checked = importRulePatchSchema.safeParse({
      ...rest,
      ddp,
      ...(rule.countries.length > 1 && { country_tax_rates: parseCountryRates(country_tax_rates) }),
    });
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(FIELD_ORDER, found, id);
      return;
    }
    setFields({});
    const saved = await action.run(() =>
      adminApi.patch<ImportRuleView>(`/api/admin/import-rules/${rule.code}`, checked.data),
    );
    if (saved) onChanged(`${capitalised(rule.name)}: saved.`);
  }

  return (
    <section className={CARD} aria-labelledby={id("title")}>
      <h2 id={id("title")} className={SECTION_TITLE}>
        {capitalised(rule.name)} <span className="text-base font-normal text-charcoal/70">({rule.currency})</span>
      </h2>
      {rule.countries.length > 1 && (
        <p className="mt-1 text-sm text-charcoal/75">Covers {rule.countries.join(", ")}.</p>
      )}
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput
            id={id("threshold")}
            label={`Duty-free threshold (${rule.currency})`}
            inputMode="decimal"
            value={values.threshold}
            onChange={set("threshold")}
            error={errorOf("threshold")}
            hint={
              rule.tax_follows_threshold
                ? "Duty and tax are waived at or below it."
                : "Duty is waived at or below it; the tax is not."
            }
          />
          <TextInput
            id={id("usd_per_unit")}
            label={`US dollars per ${rule.currency}`}
            inputMode="decimal"
            value={values.usd_per_unit}
            onChange={set("usd_per_unit")}
            error={errorOf("usd_per_unit")}
          />
          <TextInput
            id={id("tax_rate")}
            label={`${rule.tax_name} (%)`}
            inputMode="decimal"
            value={values.tax_rate}
            onChange={set("tax_rate")}
            error={errorOf("tax_rate")}
            hint={`On ${rule.tax_base === "goods" ? "the goods" : "goods and shipping"}, plus the duty.`}
          />
          <TextInput
            id={id("default_duty_rate")}
            label="Duty where no HS rate is listed (%)"
            inputMode="decimal"
            value={values.default_duty_rate}
            onChange={set("default_duty_rate")}
            error={errorOf("default_duty_rate")}
            hint={`On ${rule.duty_base === "goods" ? "the goods" : "goods and shipping"}.`}
          />
          <TextInput
            id={id("extra_duty_rate")}
            label="Additional duty on every line (%)"
            inputMode="decimal"
            value={values.extra_duty_rate}
            onChange={set("extra_duty_rate")}
            error={errorOf("extra_duty_rate")}
          />
          <TextInput
            id={id("effective_from")}
            label="In force from"
            type="date"
            value={values.effective_from}
            onChange={set("effective_from")}
            error={errorOf("effective_from")}
          />
        </div>
        {rule.countries.length > 1 && (
          <TextArea
            id={id("country_tax_rates")}
            label={`${rule.tax_name} by country (%)`}
            value={values.country_tax_rates}
            onChange={set("country_tax_rates")}
            error={errorOf("country_tax_rates")}
            hint="One country a line: its code and rate, e.g. DE 19."
          />
        )}
        <TextInput
          id={id("source_url")}
          label="Source"
          type="url"
          value={values.source_url}
          onChange={set("source_url")}
          error={errorOf("source_url")}
        />
        <TextArea id={id("note")} label="Note" value={values.note} onChange={set("note")} error={errorOf("note")} />
        <CheckboxInput
          id={id("ddp")}
          label="Collect duties and taxes at checkout (delivered duty paid)"
          checked={ddp}
          onChange={setDdp}
          hint="The estimate becomes a line of the order, paid with it; book these parcels with a carrier that pays duties for you."
        />
        {action.failure && !FIELD_ORDER.some((f) => action.failure?.fields[f]) && (
          <p role="alert" className="text-sm font-medium text-madder">
            {action.failure.message}
          </p>
        )}
        <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
          Save {rule.code === "EU" ? "the EU" : rule.code} rule
        </button>
      </form>
      <DutyRates rule={rule} onChanged={onChanged} />
    </section>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
