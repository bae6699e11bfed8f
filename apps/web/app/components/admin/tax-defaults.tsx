import {
  HSN_MESSAGE,
  taxDefaultSchema,
  type TaxDefaultsResponse,
  type TaxDefaultView,
  type TaxRuleView,
} from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { SelectInput, TextInput } from "./form-controls";
import { LoadState } from "./list-table";
import { ruleOptions } from "./product-tax-fields";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction, useAdminResource } from "./use-admin-resource";

/**
 * Each subcategory's default HSN code and tax rule (issue 38): its products are invoiced with them unless a
 * product has its own (set on the product's page).
 */
export function TaxDefaults({ rules, onSaved }: { rules: readonly TaxRuleView[]; onSaved: (text: string) => void }) {
  const defaults = useAdminResource<TaxDefaultsResponse>("/api/admin/tax-defaults");
  const put = (next: TaxDefaultView) =>
    defaults.data &&
    defaults.replace({
      data: defaults.data.data.map((d) => (d.subcategory_id === next.subcategory_id ? next : d)),
    });
  return (
    <section className={`${CARD} space-y-4`} aria-labelledby="tax-defaults-title">
      <div>
        <h2 id="tax-defaults-title" className={SECTION_TITLE}>
          Defaults by subcategory
        </h2>
        <p className="mt-1 text-sm text-charcoal/80">
          A product is invoiced with its subcategory&apos;s HSN code and rule unless it has its own.
        </p>
      </div>
      {!defaults.data ? (
        <LoadState error={defaults.error} onRetry={defaults.reload} rows={4} />
      ) : (
        <ul className="divide-y divide-linen" aria-label="Defaults by subcategory">
          {defaults.data.data.map((row) => (
            <DefaultRow
              key={row.subcategory_id}
              row={row}
              rules={rules}
              onSaved={(next) => {
                put(next);
                onSaved(`Default of ${next.subcategory_name} saved.`);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DefaultRow({
  row,
  rules,
  onSaved,
}: {
  row: TaxDefaultView;
  rules: readonly TaxRuleView[];
  onSaved: (next: TaxDefaultView) => void;
}) {
  const [hsn, setHsn] = useState(row.hsn_code ?? "");
  const [ruleId, setRuleId] = useState(row.tax_rule_id === null ? "" : String(row.tax_rule_id));
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const idOf = (field: string) => `default-${row.subcategory_id}-${field.replace(/_/g, "-")}`;
  const errorOf = (field: string) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    const checked = taxDefaultSchema.safeParse({ hsn_code: hsn, tax_rule_id: ruleId });
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(["hsn_code", "tax_rule_id"], found, idOf);
      return;
    }
    setFields({});
    const next = await action.run(() =>
      adminApi.put<TaxDefaultView>(`/api/admin/tax-defaults/${row.subcategory_id}`, checked.data),
    );
    if (next) onSaved(next);
  }

  const name = `${row.subcategory_name} (${row.category_name})`;
  return (
    <li className="py-2 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="font-semibold text-charcoal">{name}</span>
        <span>{row.hsn_code && row.tax_rule_name ? `${row.hsn_code} · ${row.tax_rule_name}` : "No default yet"}</span>
        <span className="text-xs text-charcoal/70">
          {row.following === 1 ? "1 product follows it" : `${row.following} products follow it`}
        </span>
      </div>
      <details className="mt-1">
        <summary className="cursor-pointer text-sm font-semibold text-indigo-ink">Change the default of {name}</summary>
        <form
          noValidate
          className="mt-2 space-y-3"
          aria-label={`Default of ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput
              id={idOf("hsn_code")}
              label="HSN code"
              inputMode="numeric"
              required
              value={hsn}
              onChange={setHsn}
              error={errorOf("hsn_code")}
              hint={HSN_MESSAGE}
            />
            <SelectInput
              id={idOf("tax_rule_id")}
              label="Tax rule"
              required
              value={ruleId}
              options={ruleOptions(rules, ruleId, row.tax_rule_name ?? undefined)}
              onChange={setRuleId}
              error={errorOf("tax_rule_id")}
            />
          </div>
          {action.failure && !errorOf("hsn_code") && !errorOf("tax_rule_id") && (
            <p role="alert" className="text-sm font-medium text-madder">
              {action.failure.message}
            </p>
          )}
          <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
            Save default
          </button>
        </form>
      </details>
    </li>
  );
}
