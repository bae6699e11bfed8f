import {
  HSN_MESSAGE,
  type TaxDefaultsResponse,
  type TaxDefaultView,
  type TaxRulesResponse,
  type TaxRuleView,
} from "@store/shared";
import { useEffect, useState } from "react";
import { adminApi } from "./admin-api";
import { SelectInput, TextInput, type Option } from "./form-controls";
import { rateText } from "./tax-rate-text";

/**
 * The rules to choose from and the subcategories' defaults; null while loading or when they cannot be read
 * (staff see products, not rules). Without them the fields still show the product's own; the server checks
 * whatever is sent.
 */
function useTaxChoices(): { rules: TaxRuleView[] | null; defaults: TaxDefaultView[] | null } {
  const [rules, setRules] = useState<TaxRuleView[] | null>(null);
  const [defaults, setDefaults] = useState<TaxDefaultView[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    adminApi
      .get<TaxRulesResponse>("/api/admin/tax-rules", undefined, controller.signal)
      .then((answer) => setRules(answer.data))
      .catch(() => undefined);
    adminApi
      .get<TaxDefaultsResponse>("/api/admin/tax-defaults", undefined, controller.signal)
      .then((answer) => setDefaults(answer.data))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return { rules, defaults };
}

/** A rule as the select names it: with the rate in force today, or why it cannot be chosen yet. */
function ruleLabel(rule: TaxRuleView): string {
  const inForce = rule.rates.find((r) => r.status === "in_force");
  return inForce ? `${rule.name}: ${rateText(inForce)}` : `${rule.name} (no rate in force yet)`;
}

/** The rule select's options; `empty` names the choice of none (the subcategory's default, when it has one). */
export function ruleOptions(
  rules: readonly TaxRuleView[] | null,
  current: string,
  currentName?: string,
  empty = "Choose a tax rule",
): Option[] {
  const listed = (rules ?? []).map((r) => ({ value: String(r.id), label: ruleLabel(r) }));
  const missing = current && !listed.some((o) => o.value === current);
  return [
    { value: "", label: rules ? empty : "Loading the tax rules..." },
    ...listed,
    ...(missing ? [{ value: current, label: currentName ?? `Rule ${current}` }] : []),
  ];
}

/**
 * The product's HSN code and GST rule (issues 15 and 38): both optional, the subcategory's default applying to
 * what is left empty. The hints say which default that is, so the seller sees what the invoice will print.
 */
export function ProductTaxFields({
  hsn,
  ruleId,
  ruleName,
  subcategory,
  errors,
  idOf,
  onHsn,
  onRule,
}: {
  hsn: string;
  ruleId: string;
  ruleName?: string;
  /** The subcategory chosen in the form ("" for none). */
  subcategory: string;
  errors: Record<string, string | undefined>;
  idOf: (field: string) => string;
  onHsn: (value: string) => void;
  onRule: (value: string) => void;
}) {
  const { rules, defaults } = useTaxChoices();
  const fallback = defaults?.find((d) => String(d.subcategory_id) === subcategory);
  return (
    <>
      <TextInput
        id={idOf("hsn_code")}
        label="HSN code"
        inputMode="numeric"
        value={hsn}
        error={errors.hsn_code}
        onChange={onHsn}
        placeholder={fallback?.hsn_code ?? undefined}
        hint={
          fallback?.hsn_code
            ? `${HSN_MESSAGE}. Leave empty for the subcategory's ${fallback.hsn_code}; printed on the invoice.`
            : `${HSN_MESSAGE}; printed on the invoice. Needed: the subcategory has no default.`
        }
      />
      <SelectInput
        id={idOf("tax_rule_id")}
        label="Tax rule"
        value={ruleId}
        options={ruleOptions(
          rules,
          ruleId,
          ruleName,
          fallback?.tax_rule_name ? `The subcategory's: ${fallback.tax_rule_name}` : "Choose a tax rule",
        )}
        error={errors.tax_rule_id}
        onChange={onRule}
        hint="The GST rate the product is taxed at. Rules, their rates and the subcategories' defaults are on the Tax rules page."
      />
    </>
  );
}
