import type { AuditLogResponse } from "@store/shared";
import { adminMeta } from "../../components/admin/admin-meta";
import { AuditChanges } from "../../components/admin/audit-changes";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatWhen } from "../../components/admin/format";
import { LoadState, Pager } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { CARD } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Audit log");
}

const PAGE_SIZE = 25;
const FILTERS = ["entity", "entity_id", "actor", "from", "to"] as const;

/** The records the back office audits, by the names the audit rows use. */
const ENTITIES = [
  ["product", "Products"],
  ["order", "Orders"],
  ["promo_code", "Promo codes"],
  ["blog", "Blog posts"],
  ["home_category", "Home strip"],
  ["testimonial", "Testimonials"],
  ["customer_review", "Customer reviews"],
  ["contact_query", "Queries"],
  ["user", "Staff and owners"],
  ["seller_settings", "Settings"],
] as const;

const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  {
    name: "entity",
    label: "Record type",
    kind: "select",
    options: [{ value: "", label: "Any record" }, ...ENTITIES.map(([value, label]) => ({ value, label }))],
  },
  { name: "entity_id", label: "Record number", kind: "text", placeholder: "e.g. 12" },
  { name: "actor", label: "Changed by (e-mail)", kind: "text" },
  { name: "from", label: "From", kind: "date" },
  { name: "to", label: "To", kind: "date" },
];

const entityName = (entity: string) => ENTITIES.find(([value]) => value === entity)?.[1].replace(/s$/, "") ?? entity;

/** Who changed what, newest first: each entry's changed fields with their values before and after. */
export default function AuditLog() {
  const list = useListParams(FILTERS);
  const log = useAdminResource<AuditLogResponse>("/api/admin/audit-log", {
    ...list.values,
    page: list.page,
    page_size: PAGE_SIZE,
  });
  const data = log.data;
  return (
    <>
      <PageHeader title="Audit log" lead="Every change made in the back office. Dates are India time." />
      <FilterForm
        key={list.key}
        label="Filter the audit log"
        specs={FILTER_SPECS}
        values={list.values}
        onApply={list.apply}
      />
      {log.error && data && (
        <p role="alert" className="mb-3 text-madder">
          {log.error}
        </p>
      )}
      {!data ? (
        <LoadState error={log.error} onRetry={log.reload} />
      ) : (
        <>
          {data.data.length === 0 ? (
            <p className={`${CARD} text-center text-charcoal/75`}>No change matches these filters.</p>
          ) : (
            <ol aria-label="Changes, newest first" aria-busy={log.loading} className="space-y-3">
              {data.data.map((entry) => (
                <li key={entry.id} className={`${CARD} min-w-0`}>
                  <article aria-labelledby={`audit-${entry.id}`}>
                    <h2 id={`audit-${entry.id}`} className="font-semibold text-indigo-ink">
                      {entry.action.replace(/_/g, " ")}: {entityName(entry.entity)} {entry.entity_id}
                    </h2>
                    <p className="mb-2 text-sm text-charcoal/80">
                      {formatWhen(entry.created_at)} by{" "}
                      <span className="break-all">{entry.actor?.email || "the command line"}</span>
                    </p>
                    <AuditChanges changes={entry.changes} />
                  </article>
                </li>
              ))}
            </ol>
          )}
          <Pager label="Audit log" page={data.page} pageSize={data.page_size} total={data.total} onPage={list.goTo} />
        </>
      )}
    </>
  );
}
