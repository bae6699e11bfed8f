import { HSN_MESSAGE, type TaxRulesResponse, type TaxRuleView } from "@store/shared";
import { useEffect, useState } from "react";
import { adminApi } from "./admin-api";
import { SelectInput, TextInput, type Option } from "./form-controls";
import { rateText } from "./tax-rate-text";

/** The rules to choose from; null while loading or when they cannot be read (staff see products, not rules). */
function useTaxRules(): TaxRuleView[] | null {
  const [rules, setRules] = useState<TaxRuleView[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    adminApi
      .get<TaxRulesResponse>("/api/admin/tax-rules", undefined, controller.signal)
      .then((answer) => setRules(answer.data))
      // Without the list the select still shows the product's own rule; the server checks whatever is sent.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return rules;
}

/** A rule as the select names it: with the rate in force today, or why it cannot be chosen yet. */
function ruleLabel(rule: TaxRuleView): string {
  const inForce = rule.rates.find((r) => r.status === "in_force");
  return inForce ? `${rule.name}: ${rateText(inForce)}` : `${rule.name} (no rate in force yet)`;
}

export function ruleOptions(rules: readonly TaxRuleView[] | null, current: string, currentName?: string): Option[] {
  const listed = (rules ?? []).map((r) => ({ value: String(r.id), label: ruleLabel(r) }));
  const missing = current && !listed.some((o) => o.value === current);
  return [
    { value: "", label: rules ? "Choose a tax rule" : "Loading the tax rules..." },
    ...listed,
    ...(missing ? [{ value: current, label: currentName ?? `Rule ${current}` }] : []),
  ];
}

/**
 * The product's HSN code and GST rule (issue 15): both are asked of the seller, never guessed, since the
 * invoice prints the one and taxes by the other.
 */
export function ProductTaxFields({
  hsn,
  ruleId,
  ruleName,
  errors,
  idOf,
  onHsn,
  onRule,
}: {
  hsn: string;
  ruleId: string;
  ruleName?: string;
  errors: Record<string, string | undefined>;
  idOf: (field: string) => string;
  onHsn: (value: string) => void;
  onRule: (value: string) => void;
}) {
  const rules = useTaxRules();
  return (
    <>
      <TextInput
        id={idOf("hsn_code")}
        label="HSN code"
        inputMode="numeric"
        required
        value={hsn}
        error={errors.hsn_code}
        onChange={onHsn}
        hint={`${HSN_MESSAGE}; printed on the invoice.`}
      />
      <SelectInput
        id={idOf("tax_rule_id")}
        label="Tax rule"
        required
        value={ruleId}
        options={ruleOptions(rules, ruleId, ruleName)}
        error={errors.tax_rule_id}
        onChange={onRule}
        hint="The GST rate the product is taxed at. Rules and their rates are on the Tax rules page."
      />
    </>
  );
}
