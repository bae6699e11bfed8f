import type { TaxRateView, TaxRuleView, TaxRulesResponse } from "@store/shared";
import { useState } from "react";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { DatedRows } from "../../components/admin/dated-rows";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { CARD, SECTION_TITLE } from "../../components/admin/styles";
import { TaxDefaults } from "../../components/admin/tax-defaults";
import { AddRateForm, AddRuleForm } from "../../components/admin/tax-rule-forms";
import { dayText, rateText } from "../../components/admin/tax-rate-text";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Tax rules");
}

/**
 * GST rate rules (issue 15): each with its rates by date. A rate in force is never edited: the seller adds a
 * rate with a later date, and may delete only a rate whose date is still ahead.
 */
export default function TaxRules() {
  const rules = useAdminResource<TaxRulesResponse>("/api/admin/tax-rules");
  const notice = useNotice();
  const put = (rule: TaxRuleView) => {
    if (!rules.data) return;
    const others = rules.data.data.filter((r) => r.id !== rule.id);
    rules.replace({ ...rules.data, data: [...others, rule].sort((a, b) => a.name.localeCompare(b.name)) });
  };
  return (
    <>
      <PageHeader
        title="Tax rules"
        lead="The GST rates your products are classed under, and each subcategory's default. When a rate changes by notification, add the new rate with the date it takes effect; invoices use the rate in force on their day."
      />
      {!rules.data ? (
        <LoadState error={rules.error} onRetry={rules.reload} rows={4} />
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-charcoal/75">Today (IST): {dayText(rules.data.today)}</p>
          {rules.data.data.map((rule) => (
            <RuleCard
              key={rule.id}
              rule={rule}
              onChanged={(next, text) => {
                put(next);
                notice.show(text);
              }}
            />
          ))}
          <AddRuleForm
            onAdded={(rule) => {
              put(rule);
              notice.show(`Rule "${rule.name}" added: now add its first rate.`);
            }}
          />
          <TaxDefaults rules={rules.data.data} onSaved={notice.show} />
        </div>
      )}
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}

function RuleCard({ rule, onChanged }: { rule: TaxRuleView; onChanged: (rule: TaxRuleView, text: string) => void }) {
  const [deleting, setDeleting] = useState<TaxRateView | null>(null);
  const action = useAdminAction();
  const titleId = `rule-${rule.id}-title`;

  async function remove(rate: TaxRateView) {
    // A 204 answers nothing, so the run answers true once the delete went through.
    const done = await action.run(async () => {
      await adminApi.remove(`/api/admin/tax-rules/${rule.id}/rates/${rate.id}`);
      return true;
    });
    setDeleting(null);
    if (done === undefined) return;
    onChanged({ ...rule, rates: rule.rates.filter((r) => r.id !== rate.id) }, "Rate deleted.");
  }

  return (
    <section className={`${CARD} space-y-4`} aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className={SECTION_TITLE}>
          {rule.name}
        </h2>
        {rule.description && <p className="mt-1 text-sm text-charcoal/80">{rule.description}</p>}
        <p className="mt-1 text-xs text-charcoal/70">
          {rule.product_count === 1 ? "1 product" : `${rule.product_count} products`}
        </p>
      </div>
      <DatedRows
        rows={rule.rates}
        label={`Rates of ${rule.name}`}
        empty="No rate yet: products cannot use this rule until one is in force."
        describe={(rate) => <span>{rateText(rate)}</span>}
        onDelete={setDeleting}
      />
      {action.failure && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <details className="rounded-lg border border-linen p-3">
        <summary className="cursor-pointer text-sm font-semibold text-indigo-ink">Add a rate</summary>
        <div className="mt-3">
          <AddRateForm rule={rule} onAdded={(next) => onChanged(next, "Rate added.")} />
        </div>
      </details>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this rate?"
        confirmLabel="Delete rate"
        cancelLabel="Keep it"
        danger
        busy={action.busy}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <p>
            {rateText(deleting)} from {dayText(deleting.effective_from)} will not take effect.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
