import {
  SALES_GROUPS,
  SALES_NETTING_NOTE,
  salesReportQuerySchema,
  type SalesGroup,
  type SalesReportQuery,
  type SalesReportResponse,
  type SalesReportRow,
} from "@store/shared";
import { CsvExportButton } from "../../components/admin/csv-export-button";
import { adminMeta } from "../../components/admin/admin-meta";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatMinor, lastIstDays } from "../../components/admin/format";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Sales report");
}

const FILTERS = ["from", "to", "group"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const GROUP_LABELS: Record<SalesGroup, string> = { day: "Day", product: "Product", category: "Category" };

const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  { name: "from", label: "From (India time)", kind: "date" },
  { name: "to", label: "To (India time)", kind: "date" },
  {
    name: "group",
    label: "Group by",
    kind: "select",
    options: SALES_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] })),
  },
];

/** An empty filter means the last 30 days, by day: the link in the menu opens a useful report. */
function withDefaults(values: Filters): Filters {
  const period = lastIstDays(30);
  return { from: values.from || period.from, to: values.to || period.to, group: values.group || "day" };
}

type Row = SalesReportRow & { id: number };

function columns(group: SalesGroup): Column<Row>[] {
  return [
    { header: GROUP_LABELS[group], cell: (row) => row.label },
    // On a phone the table keeps to the screen's width: the revenue names its currency, and orders wait for a wider screen.
    { header: "Currency", cell: (row) => row.currency, className: "hidden sm:table-cell" },
    { header: "Orders", cell: (row) => row.orders, className: "hidden text-right tabular-nums sm:table-cell" },
    { header: "Pieces", cell: (row) => row.pieces, className: "text-right tabular-nums" },
    {
      header: "Sold",
      cell: (row) => formatMinor(row.sold_minor, row.currency),
      className: "hidden whitespace-nowrap text-right tabular-nums md:table-cell",
    },
    {
      header: "Taken back",
      cell: (row) => formatMinor(row.taken_back_minor, row.currency),
      className: "hidden whitespace-nowrap text-right tabular-nums md:table-cell",
    },
    {
      header: "Net",
      cell: (row) => formatMinor(row.revenue_minor, row.currency),
      className: "whitespace-nowrap text-right tabular-nums",
    },
  ];
}

/**
 * The sales report (issue 13; decision 059): orders sold on the IST day they were confirmed, and what was taken
 * back (cancellations, returns, refunds) on the day it was, by day, product or category, per currency.
 */
export default function SalesReport() {
  const params = useListParams(FILTERS);
  const applied = withDefaults(params.values);
  const parsed = salesReportQuerySchema.safeParse(applied);
  return (
    <>
      <PageHeader title="Sales report" lead={SALES_NETTING_NOTE} />
      <FilterForm
        key={params.key}
        label="Sales report period"
        specs={FILTER_SPECS}
        values={applied}
        onApply={params.apply}
        extra={parsed.success ? <CsvExportButton path="/api/admin/sales.csv" filters={{ ...parsed.data }} /> : null}
      />
      {parsed.success ? (
        <Report query={parsed.data} />
      ) : (
        <p role="alert" className="rounded-2xl bg-madder/10 p-5 font-medium text-madder">
          {parsed.error.issues[0]?.message}
        </p>
      )}
    </>
  );
}

function Report({ query }: { query: SalesReportQuery }) {
  const report = useAdminResource<SalesReportResponse>("/api/admin/sales", { ...query });
  const data = report.data;
  if (!data) return <LoadState error={report.error} onRetry={report.reload} />;
  const by = GROUP_LABELS[data.group].toLowerCase();
  return (
    <div className="space-y-6">
      <section aria-labelledby="sales-totals">
        <h2 id="sales-totals" className={`${SECTION_TITLE} mb-3`}>
          Totals, {data.from} to {data.to}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4">
          {data.totals.map((t) => (
            <div key={t.currency} className={CARD}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-charcoal/70">{t.currency}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{formatMinor(t.revenue_minor, t.currency)}</dd>
              <dd className="text-sm text-charcoal/75">
                {t.orders} {t.orders === 1 ? "order" : "orders"}, {t.pieces} {t.pieces === 1 ? "piece" : "pieces"}
              </dd>
              <dd className="text-sm text-charcoal/75">
                sold {formatMinor(t.sold_minor, t.currency)}, taken back {formatMinor(t.taken_back_minor, t.currency)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-charcoal/75">
          Totals are what shoppers paid (after discounts, with shipping), less what was taken back; by product and by
          category, item prices times pieces.
        </p>
      </section>
      <section aria-labelledby="sales-rows">
        <h2 id="sales-rows" className={`${SECTION_TITLE} mb-3`}>
          By {by}
        </h2>
        <ListTable
          caption={`Sales by ${by}`}
          columns={columns(data.group)}
          rows={data.data.map((row, i) => ({ ...row, id: i }))}
          busy={report.loading}
          empty="No sales in this period."
        />
      </section>
    </div>
  );
}
