import {
  adminTaxQuerySchema,
  currentIstMonth,
  monthLabel,
  type AdminTaxResponse,
  type TaxB2cRow,
  type TaxCreditByPlace,
  type TaxCreditNoteRow,
  type TaxCsvSection,
  type TaxExportRow,
  type TaxHeads,
  type TaxHsnRow,
  taxRateText,
} from "@store/shared";
import type { ReactNode } from "react";
import { adminMeta } from "../../components/admin/admin-meta";
import { CsvExportButton } from "../../components/admin/csv-export-button";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatPaise } from "../../components/admin/format";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Tax figures");
}

const FILTERS = ["month"] as const;
const FILTER_SPECS: FilterSpec<"month">[] = [
  { name: "month", label: "Month (India time)", kind: "month", placeholder: "YYYY-MM" },
];

const NUMBER = "whitespace-nowrap text-right tabular-nums";

/** The summary's four figures: each net of the month's credit notes, with what was invoiced beside it. */
const HEADS = [
  ["Taxable value", "taxable_minor"],
  ["CGST", "cgst_minor"],
  ["SGST", "sgst_minor"],
  ["IGST", "igst_minor"],
] as const satisfies readonly (readonly [string, keyof TaxHeads])[];
/** Columns a phone leaves out (the table still scrolls sideways for the rest). */
const WIDE = `hidden sm:table-cell ${NUMBER}`;

/** Taxable value and the three tax heads, as columns of any section. */
function headColumns<T extends TaxHeads>(prefix = ""): Column<T>[] {
  return [
    { header: `${prefix}Taxable value`, cell: (r) => formatPaise(r.taxable_minor), className: NUMBER },
    { header: `${prefix}CGST`, cell: (r) => formatPaise(r.cgst_minor), className: NUMBER },
    { header: `${prefix}SGST`, cell: (r) => formatPaise(r.sgst_minor), className: NUMBER },
    { header: `${prefix}IGST`, cell: (r) => formatPaise(r.igst_minor), className: NUMBER },
  ];
}

type Row<T> = T & { id: number };
type CreditRow = Row<TaxCreditNoteRow>;
type CreditPlaceRow = Row<TaxCreditByPlace>;

const B2C_COLUMNS: Column<Row<TaxB2cRow>>[] = [
  { header: "Place of supply", cell: (r) => `${r.state_code} ${r.state_name}` },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  { header: "Invoices", cell: (r) => r.invoices, className: WIDE },
  ...headColumns<Row<TaxB2cRow>>(),
  { header: "Net taxable value", cell: (r) => formatPaise(r.net.taxable_minor), className: NUMBER },
  {
    header: "Net tax",
    cell: (r) => formatPaise(r.net.cgst_minor + r.net.sgst_minor + r.net.igst_minor),
    className: NUMBER,
  },
];

const HSN_COLUMNS: Column<Row<TaxHsnRow>>[] = [
  { header: "HSN / SAC", cell: (r) => r.hsn },
  { header: "Description", cell: (r) => r.description || "-", className: "hidden sm:table-cell" },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  { header: "Quantity", cell: (r) => `${r.quantity} ${r.uqc}`, className: NUMBER },
  { header: "Total value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  ...headColumns<Row<TaxHsnRow>>(),
];

const EXPORT_COLUMNS: Column<Row<TaxExportRow>>[] = [
  { header: "Invoice", cell: (r) => r.number, className: "whitespace-nowrap" },
  { header: "Date", cell: (r) => r.date, className: "whitespace-nowrap" },
  { header: "Tax", cell: (r) => (r.payment === "WOPAY" ? "Under LUT, no IGST" : "With IGST") },
  { header: "Country", cell: (r) => r.country, className: "hidden sm:table-cell" },
  { header: "Value (INR)", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  { header: "IGST", cell: (r) => formatPaise(r.igst_minor), className: NUMBER },
  {
    header: "Order total",
    cell: (r) => `${r.currency} ${(r.order_total_minor / 100).toFixed(2)}`,
    className: NUMBER,
  },
];

const CREDIT_COLUMNS: Column<CreditRow>[] = [
  { header: "Credit note", cell: (r) => r.number, className: "whitespace-nowrap" },
  { header: "Date", cell: (r) => r.date, className: "whitespace-nowrap" },
  {
    header: "Invoice",
    cell: (r) => (
      <>
        {r.invoice_number}
        <span className="block text-xs text-charcoal/70">{r.invoice_date}</span>
      </>
    ),
    className: "whitespace-nowrap",
  },
  { header: "Place of supply", cell: (r) => r.place_of_supply, className: "hidden sm:table-cell" },
  { header: "Value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  ...headColumns<CreditRow>(),
];

const CREDIT_PLACE_COLUMNS: Column<CreditPlaceRow>[] = [
  { header: "Place of supply", cell: (r) => `${r.state_code} ${r.state_name}` },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  ...headColumns<CreditPlaceRow>(),
];

const withIds = <T,>(rows: readonly T[]) => rows.map((row, id) => ({ ...row, id }));

/**
 * The seller's monthly GST figures (issue 15), in the sections of the monthly return: B2C sales by place
 * and rate, the HSN summary, exports, credit notes and the documents issued, each with its CSV, and the
 * month's PDFs in one ZIP. The month is an India-time month, this one unless chosen.
 */
export default function TaxFigures() {
  const params = useListParams(FILTERS);
  const applied = { month: params.values.month || currentIstMonth() };
  const parsed = adminTaxQuerySchema.safeParse(applied);
  return (
    <>
      <PageHeader
        title="Tax figures"
        lead="Your GST figures for a month, from the invoices and credit notes issued in it (India time). Test orders, paid through the payment simulator, are left out, with their credit notes."
      />
      <FilterForm
        key={params.key}
        label="Tax figures month"
        specs={FILTER_SPECS}
        values={applied}
        onApply={params.apply}
      />
      {parsed.success ? (
        <Figures month={parsed.data.month} />
      ) : (
        <p role="alert" className="rounded-2xl bg-madder/10 p-5 font-medium text-madder">
          {parsed.error.issues[0]?.message}
        </p>
      )}
    </>
  );
}

function Figures({ month }: { month: string }) {
  const figures = useAdminResource<AdminTaxResponse>("/api/admin/tax", { month });
  const data = figures.data;
  if (!data) return <LoadState error={figures.error} onRetry={figures.reload} />;
  const name = monthLabel(data.month);
  if (data.totals.invoices === 0 && data.credit_notes.notes.length === 0)
    return <p className={`${CARD} text-charcoal/80`}>No invoices in {name}.</p>;
  const { invoiced, credited, net } = data.totals;
  return (
    <div className="space-y-8" aria-busy={figures.loading}>
      <section aria-labelledby="tax-summary">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="tax-summary" className={SECTION_TITLE}>
            {name}
          </h2>
          <CsvExportButton path="/api/admin/tax/invoices.zip" filters={{ month }} label="Download invoices (ZIP)" />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
          {HEADS.map(([label, head]) => (
            <Figure
              key={head}
              label={label}
              value={formatPaise(net[head])}
              note={`${formatPaise(invoiced[head])} invoiced`}
            />
          ))}
        </dl>
        <p className="mt-2 text-xs text-charcoal/75">
          After the month&apos;s credit notes ({formatPaise(credited.value_minor)} credited). Invoices came to{" "}
          {formatPaise(invoiced.value_minor)}
          {data.totals.rounding_minor > 0 &&
            `, of which ${formatPaise(data.totals.rounding_minor)} is wallet rounding (no tax)`}
          .
        </p>
        <h3 className="mt-5 font-semibold text-indigo-ink">Documents issued</h3>
        <dl className="mt-2 grid gap-3 sm:grid-cols-2 sm:gap-4">
          <DocumentRange label="Invoices" range={data.documents.invoices} />
          <DocumentRange label="Credit notes" range={data.documents.credit_notes} />
        </dl>
      </section>

      <Section id="b2c" title="B2C sales by place of supply and rate" month={month}>
        <ListTable
          caption={`B2C sales, ${name}`}
          columns={B2C_COLUMNS}
          rows={withIds(data.b2c)}
          empty="No sales in India this month."
        />
        <p className="mt-2 text-xs text-charcoal/75">
          From the invoices&apos; lines, delivery included; a cart at two rates counts at both. Net: less the
          month&apos;s credit notes at that place and rate.
        </p>
      </Section>

      <Section id="hsn" title="HSN summary" month={month}>
        <ListTable
          caption={`HSN summary, ${name}`}
          columns={HSN_COLUMNS}
          rows={withIds(data.hsn)}
          empty="No lines this month."
        />
      </Section>

      <Section id="exports" title="Exports" month={month}>
        <ListTable
          caption={`Exports, ${name}`}
          columns={EXPORT_COLUMNS}
          rows={withIds(data.exports)}
          empty="No exports this month."
        />
      </Section>

      <Section id="credit-notes" title="Credit notes" month={month}>
        <ListTable
          caption={`Credit notes, ${name}`}
          columns={CREDIT_COLUMNS}
          rows={withIds(data.credit_notes.notes)}
          empty="No credit notes this month."
        />
        {data.credit_notes.by_place.length > 0 && (
          <>
            <h3 className="mb-2 mt-4 font-semibold text-indigo-ink">Credited in India, by place and rate</h3>
            <ListTable
              caption={`Credit notes by place of supply and rate, ${name}`}
              columns={CREDIT_PLACE_COLUMNS}
              rows={withIds(data.credit_notes.by_place)}
              empty="None."
            />
          </>
        )}
        <p className="mt-2 text-sm font-medium">
          Total credited: {formatPaise(credited.value_minor)} (taxable {formatPaise(credited.taxable_minor)}, CGST{" "}
          {formatPaise(credited.cgst_minor)}, SGST {formatPaise(credited.sgst_minor)}, IGST{" "}
          {formatPaise(credited.igst_minor)})
        </p>
      </Section>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className={CARD}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-charcoal/70">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums sm:text-2xl">{value}</dd>
      <dd className="text-sm text-charcoal/75">{note}</dd>
    </div>
  );
}

function DocumentRange({ label, range }: { label: string; range: AdminTaxResponse["documents"]["invoices"] }) {
  return (
    <div className={CARD}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-charcoal/70">{label}</dt>
      <dd className="font-medium tabular-nums">
        {range ? (
          <>
            {range.count} issued: {range.first} to {range.last}
          </>
        ) : (
          "None issued"
        )}
      </dd>
    </div>
  );
}

function Section({
  id,
  title,
  month,
  children,
}: {
  id: TaxCsvSection;
  title: string;
  month: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`tax-${id}`}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id={`tax-${id}`} className={SECTION_TITLE}>
          {title}
        </h2>
        <CsvExportButton path={`/api/admin/tax/${id}.csv`} filters={{ month }} what={title} />
      </div>
      {children}
    </section>
  );
}
