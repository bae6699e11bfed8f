import type { AdminContactQuery, AdminContactQueryListResponse } from "@store/shared";
import { adminMeta } from "../../components/admin/admin-meta";
import { adminApi } from "../../components/admin/admin-api";
import { formatWhen } from "../../components/admin/format";
import { ListTable, LoadState, Pager, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_SECONDARY, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Queries");
}

const OPEN_PAGE_SIZE = 100;

const sender = (q: AdminContactQuery) => (
  <span className="block">
    <span className="block">{q.name}</span>
    <a href={`mailto:${q.email}`} className="text-xs font-normal text-indigo-ink underline">
      {q.email}
    </a>
    <span className="block text-xs font-normal text-charcoal/75">
      {q.country_code} {q.mobile_number}
    </span>
  </span>
);
const message = (q: AdminContactQuery) => <span className="block max-w-lg whitespace-pre-wrap">{q.query}</span>;

/** Contact-form messages, newest first: the unhandled ones above, the handled ones below. */
export default function Queries() {
  const list = useListParams([] as const);
  const open = useAdminResource<AdminContactQueryListResponse>("/api/admin/queries", {
    handled: false,
    page_size: OPEN_PAGE_SIZE,
  });
  const handled = useAdminResource<AdminContactQueryListResponse>("/api/admin/queries", {
    handled: true,
    page: list.page,
    page_size: 25,
  });
  const action = useAdminAction();
  const notice = useNotice();

  async function markHandled(query: AdminContactQuery) {
    const saved = await action.run(() => adminApi.post<AdminContactQuery>(`/api/admin/queries/${query.id}/handled`));
    if (!saved) return;
    notice.show(`Query from ${query.name} marked handled.`);
    open.reload();
    handled.reload();
    // Its row leaves the open list; continue from the list's heading.
    document.getElementById("open-queries")?.focus();
  }

  const openColumns: Column<AdminContactQuery>[] = [
    { header: "From", cell: sender },
    { header: "Message", cell: message },
    { header: "Received", cell: (q) => formatWhen(q.created_at) },
    {
      header: "Action",
      cell: (q) => (
        <button
          type="button"
          className={BUTTON_SECONDARY}
          disabled={action.busy}
          aria-label={`Mark query from ${q.name} handled`}
          onClick={() => void markHandled(q)}
        >
          Mark handled
        </button>
      ),
    },
  ];
  const handledColumns: Column<AdminContactQuery>[] = [
    { header: "From", cell: sender },
    { header: "Message", cell: message },
    { header: "Received", cell: (q) => formatWhen(q.created_at) },
    { header: "Handled", cell: (q) => formatWhen(q.handled_at) },
  ];

  return (
    <>
      <PageHeader title="Queries" lead="Messages from the contact form." />
      {action.failure && (
        <p role="alert" className="mb-3 text-madder">
          {action.failure.message}
        </p>
      )}
      <section aria-labelledby="open-queries" className="space-y-3">
        <h2 id="open-queries" tabIndex={-1} className={`${SECTION_TITLE} focus:outline-none`}>
          Open{open.data ? ` (${open.data.total})` : ""}
        </h2>
        {!open.data ? (
          <LoadState error={open.error} onRetry={open.reload} rows={3} />
        ) : (
          <ListTable
            caption="Open queries"
            columns={openColumns}
            rows={open.data.data}
            busy={open.loading}
            empty="No open queries. Well done."
          />
        )}
      </section>
      <section aria-labelledby="handled-queries" className="mt-10 space-y-3">
        <h2 id="handled-queries" className={SECTION_TITLE}>
          Handled
        </h2>
        {!handled.data ? (
          <LoadState error={handled.error} onRetry={handled.reload} rows={3} />
        ) : (
          <>
            <ListTable
              caption="Handled queries"
              columns={handledColumns}
              rows={handled.data.data}
              busy={handled.loading}
              empty="Nothing handled yet."
            />
            <Pager
              label="Handled queries"
              page={handled.data.page}
              pageSize={handled.data.page_size}
              total={handled.data.total}
              onPage={list.goTo}
            />
          </>
        )}
      </section>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}
