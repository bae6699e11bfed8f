import { type QuoteView } from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatPaise, formatWhen } from "../../components/admin/format";
import { ListTable, LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { useAdminResource } from "../../components/admin/use-admin-resource";

export function meta() {
  return adminMeta("Quotes");
}

/** Quote requests (decision 101): requested first, then priced, then closed; each opens to price or decline. */
export default function Quotes() {
  const quotes = useAdminResource<{ data: QuoteView[] }>("/api/admin/quotes");
  return (
    <>
      <PageHeader title="Quotes" lead="Wholesale and custom-work requests: price them, or decline with a reason." />
      {!quotes.data ? (
        <LoadState error={quotes.error} onRetry={quotes.reload} />
      ) : (
        <ListTable
          caption="Quotes"
          empty="No quote requests yet."
          rows={quotes.data.data}
          columns={[
            {
              header: "Quote",
              cell: (q) => (
                <Link className="font-semibold text-indigo-ink underline" to={`/admin/quotes/${q.id}`}>
                  Q-{q.id}
                </Link>
              ),
            },
            { header: "Status", cell: (q) => q.status },
            { header: "Buyer", cell: (q) => q.buyer.name },
            { header: "Lines", cell: (q) => q.lines.length, className: "tabular-nums" },
            { header: "Wanted by", cell: (q) => q.wanted_by },
            {
              header: "Total",
              cell: (q) => (q.total_paise === null ? "—" : formatPaise(q.total_paise)),
              className: "tabular-nums",
            },
            { header: "Asked", cell: (q) => formatWhen(q.requested_at) },
          ]}
        />
      )}
    </>
  );
}
