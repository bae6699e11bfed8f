import {
  deliveryOutcomesQuerySchema,
  OUTCOME_BREAKDOWN_TITLES,
  OUTCOME_BREAKDOWNS,
  type DeliveryOutcomeRow,
  type DeliveryOutcomesQuery,
  type DeliveryOutcomesResponse,
  type DeliveryOutcomeTotals,
  type OutcomeBreakdown,
} from "@store/shared";
import { Link } from "react-router";
import { CsvExportButton } from "../../components/admin/csv-export-button";
import { adminMeta } from "../../components/admin/admin-meta";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatMinor, lastIstDays } from "../../components/admin/format";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { PayNowPanel } from "../../components/admin/pay-now-panel";
import { CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Delivery outcomes");
}

const FILTERS = ["from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  { name: "from", label: "From (India time)", kind: "date" },
  { name: "to", label: "To (India time)", kind: "date" },
];

/** An empty filter means the last 90 days: parcels take a week or two to come back, a month is too few. */
function withDefaults(values: Filters): Filters {
  const period = lastIstDays(90);
  return {
    from: values.from || period.from,
    to: values.to || period.to,
  };
}

const LEAD =
  "Parcels delivered and parcels the courier brought back undelivered (RTO), on the India-time day they reached the end, for rupee orders delivered in India. Freight is what the courier quoted at booking, both ways, for the parcels that came back.";

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Freight lost, and how many RTO parcels the courier gave no freight for. */
const freightText = (t: DeliveryOutcomeTotals) =>
  `${formatMinor(t.rto_freight_minor, "INR")}${t.rto_freight_unknown > 0 ? ` (+${t.rto_freight_unknown} not reported)` : ""}`;

type Row = DeliveryOutcomeRow & { id: number };

function columns(by: OutcomeBreakdown): Column<Row>[] {
  return [
    { header: OUTCOME_BREAKDOWN_TITLES[by], cell: (row) => row.label },
    { header: "Delivered", cell: (row) => row.delivered, className: "text-right tabular-nums" },
    { header: "RTO", cell: (row) => row.rto, className: "text-right tabular-nums" },
    { header: "RTO rate", cell: (row) => percent(row.rto_rate), className: "text-right tabular-nums" },
    { header: "Freight lost", cell: freightText, className: "whitespace-nowrap text-right tabular-nums" },
  ];
}

/** Delivery outcomes (issue 43 point 1, decision 091): where cash-on-delivery and other parcels come back. */
export default function DeliveryOutcomes() {
  const params = useListParams(FILTERS);
  const applied = withDefaults(params.values);
  const parsed = deliveryOutcomesQuerySchema.safeParse(applied);
  return (
    <>
      <PageHeader
        title="Delivery outcomes"
        lead={
          <>
            {LEAD} Where cash on delivery comes back too often, set{" "}
            <Link to="/admin/cod-rules" className="font-semibold text-indigo-ink underline">
              cash on delivery rules
            </Link>
            .
          </>
        }
      />
      <FilterForm
        key={params.key}
        label="Delivery outcomes period"
        specs={FILTER_SPECS}
        values={applied}
        onApply={params.apply}
        extra={
          parsed.success ? (
            <CsvExportButton path="/api/admin/delivery-outcomes.csv" filters={{ ...parsed.data }} />
          ) : null
        }
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

function Report({ query }: { query: DeliveryOutcomesQuery }) {
  const report = useAdminResource<DeliveryOutcomesResponse>("/api/admin/delivery-outcomes", { ...query });
  const data = report.data;
  if (!data) return <LoadState error={report.error} onRetry={report.reload} />;
  const t = data.totals;
  return (
    <div className="space-y-6">
      <section aria-labelledby="outcome-totals">
        <h2 id="outcome-totals" className={`${SECTION_TITLE} mb-3`}>
          {data.from} to {data.to}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
          <Figure title="Delivered" value={String(t.delivered)} />
          <Figure title="Returned to origin" value={String(t.rto)} />
          <Figure title="RTO rate" value={percent(t.rto_rate)} />
          <Figure title="Freight lost" value={freightText(t)} />
        </dl>
      </section>
      <PayNowPanel query={query} />
      {OUTCOME_BREAKDOWNS.map((by) => (
        <section key={by} aria-labelledby={`outcomes-${by}`}>
          <h2 id={`outcomes-${by}`} className={`${SECTION_TITLE} mb-3`}>
            By {OUTCOME_BREAKDOWN_TITLES[by].toLowerCase()}
          </h2>
          <ListTable
            caption={`Delivery outcomes by ${OUTCOME_BREAKDOWN_TITLES[by].toLowerCase()}`}
            columns={columns(by)}
            rows={data.breakdowns[by].map((row, i) => ({ ...row, id: i }))}
            busy={report.loading}
            empty="No parcel was delivered or returned in this period."
          />
        </section>
      ))}
    </div>
  );
}

function Figure({ title, value }: { title: string; value: string }) {
  return (
    <div className={CARD}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-charcoal/70">{title}</dt>
      <dd className="text-2xl font-semibold tabular-nums break-words">{value}</dd>
    </div>
  );
}
