import { useState } from "react";
import { COD_ACTION_TITLES, COD_SCOPE_TITLES, type CodHistoryResponse, type CodRule } from "@store/shared";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { CodHistorySection } from "../../components/admin/cod-history-section";
import { CodRuleForm } from "../../components/admin/cod-rule-form";
import { formatMinor } from "../../components/admin/format";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_LINK, BUTTON_PRIMARY, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";

export function meta() {
  return adminMeta("Cash on delivery rules");
}

const LEAD =
  "Where cash on delivery is offered, up to what value, with an advance paid online, or not at all. The most specific rule wins: a customer's, then a PIN code's, then an area's (3 digits before 2), then the whole shop's. Shoppers read the reason in one sentence before they choose how to pay.";

/** What a rule (or the history's default) does, in words. */
export function actionText(r: Pick<CodRule, "action" | "cap_minor" | "advance_percent" | "advance_min_minor">): string {
  if (r.action === "cap") return `Up to ${formatMinor(r.cap_minor ?? 0, "INR")}`;
  if (r.action === "advance")
    return `Advance ${r.advance_percent}% (at least ${formatMinor(r.advance_min_minor ?? 0, "INR")}) online`;
  return COD_ACTION_TITLES[r.action];
}

/** Cash on delivery's rules and the defaults from the store's returns (issue 43 point 2, decision 093). */
export default function CodRules() {
  const rules = useAdminResource<{ data: CodRule[] }>("/api/admin/cod-rules");
  const history = useAdminResource<CodHistoryResponse>("/api/admin/cod-history");
  const save = useAdminAction();
  const [form, setForm] = useState<{ editing: CodRule | null } | null>(null);

  async function saveRule(body: Record<string, unknown>) {
    const editing = form?.editing;
    const saved = await save.run(() =>
      editing
        ? adminApi.patch(`/api/admin/cod-rules/${editing.id}`, body)
        : adminApi.post("/api/admin/cod-rules", body),
    );
    if (saved === undefined) return;
    setForm(null);
    rules.reload();
    history.reload();
  }

  async function remove(rule: CodRule) {
    if (!window.confirm(`Delete the rule for ${COD_SCOPE_TITLES[rule.scope].toLowerCase()} ${rule.key}?`)) return;
    await save.run(() => adminApi.remove(`/api/admin/cod-rules/${rule.id}`));
    rules.reload();
    history.reload();
  }

  const columns: Column<CodRule>[] = [
    { header: "Applies to", cell: (r) => `${COD_SCOPE_TITLES[r.scope]}${r.key ? ` ${r.key}` : ""}` },
    { header: "Cash on delivery", cell: actionText },
    { header: "Note", cell: (r) => r.note || "-" },
    {
      header: "Change",
      cell: (r) => (
        <span className="flex gap-3">
          <button
            type="button"
            className={BUTTON_LINK}
            onClick={() => {
              save.setFailure(null);
              setForm({ editing: r });
            }}
          >
            Edit
          </button>
          <button type="button" className={BUTTON_LINK} onClick={() => void remove(r)}>
            Delete
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Cash on delivery rules"
        lead={LEAD}
        actions={
          <button
            type="button"
            className={BUTTON_PRIMARY}
            onClick={() => {
              save.setFailure(null);
              setForm({ editing: null });
            }}
          >
            Add a rule
          </button>
        }
      />
      {form && (
        <CodRuleForm
          key={form.editing?.id ?? "new"}
          editing={form.editing}
          busy={save.busy}
          failure={save.failure}
          onSave={(body) => void saveRule(body)}
          onCancel={() => setForm(null)}
        />
      )}
      {!form && save.failure && (
        <p role="alert" className="mb-4 font-medium text-madder">
          {save.failure.message}
        </p>
      )}
      <section aria-labelledby="cod-rules-list" className="mb-8">
        <h2 id="cod-rules-list" className={`${SECTION_TITLE} mb-3`}>
          Your rules
        </h2>
        {rules.data ? (
          <ListTable
            caption="Cash on delivery rules"
            columns={columns}
            rows={rules.data.data}
            busy={rules.loading}
            empty="No rules yet: cash on delivery is offered everywhere the courier collects cash."
          />
        ) : (
          <LoadState error={rules.error} onRetry={rules.reload} />
        )}
      </section>
      {history.data ? (
        <CodHistorySection history={history.data} onSaved={history.replace} />
      ) : (
        <LoadState error={history.error} onRetry={history.reload} />
      )}
    </>
  );
}
