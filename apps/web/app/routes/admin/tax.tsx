import {
  adminTaxQuerySchema,
  currentIstMonth,
  monthLabel,
  type AdminTaxResponse,
  type TaxCsvSection,
} from "@store/shared";
import type { ReactNode } from "react";
import { adminMeta } from "../../components/admin/admin-meta";
import { CsvExportButton } from "../../components/admin/csv-export-button";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { formatPaise } from "../../components/admin/format";
import { ListTable, LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { CARD, SECTION_TITLE } from "../../components/admin/styles";
import {
  B2B_COLUMNS,
  B2CL_COLUMNS,
  B2CS_COLUMNS,
  CDNR_COLUMNS,
  CDNUR_COLUMNS,
  CREDIT_COLUMNS,
  EXPORT_COLUMNS,
  HEADS,
  HSN_COLUMNS,
} from "../../components/admin/tax-figure-columns";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Tax figures");
}

const FILTERS = ["month"] as const;
const FILTER_SPECS: FilterSpec<"month">[] = [
  { name: "month", label: "Month (India time)", kind: "month", placeholder: "YYYY-MM" },
];

const withIds = <T,>(rows: readonly T[]) => rows.map((row, id) => ({ ...row, id }));

/**
 * The seller's monthly GST figures in the tables of the return they file, GSTR-1 (issues 15 and 38): B2C large
 * invoices (5), the other B2C sales by place and rate (7), exports (6A), credit notes on B2C large invoices and
 * exports (9B), the HSN summary (12, in its B2B and B2C parts from May 2025) and the documents issued (13), each with its CSV in the offline tool's
 * shape, and the month's PDFs in one ZIP. The month is an India-time month, this one unless chosen.
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
            `, of which ${formatPaise(data.totals.rounding_minor)} is untaxed wallet rounding of invoices issued before it was taxed with the goods`}
          .
        </p>
        <div className="mt-5 flex flex-wrap items-end justify-between gap-3">
          <h3 className="font-semibold text-indigo-ink">Documents issued (table 13)</h3>
          <CsvExportButton path="/api/admin/tax/docs.csv" filters={{ month }} what="Documents issued" />
        </div>
        <dl className="mt-2 grid gap-3 sm:grid-cols-2 sm:gap-4">
          <DocumentRange label="Invoices" range={data.documents.invoices} />
          <DocumentRange label="Credit notes" range={data.documents.credit_notes} />
        </dl>
      </section>

      <Section id="b2b" title="B2B invoices (table 4A)" month={month}>
        <ListTable
          caption={`B2B invoices, ${name}`}
          columns={B2B_COLUMNS}
          rows={withIds(data.b2b)}
          empty="No invoice to a registered buyer this month."
        />
        <p className="mt-2 text-xs text-charcoal/75">
          Invoices to buyers who gave their GSTIN at checkout, one row per rate; the place of supply is the GSTIN&apos;s
          state.
        </p>
      </Section>

      <Section id="b2cl" title="B2C large invoices (table 5)" month={month}>
        <ListTable
          caption={`B2C large invoices, ${name}`}
          columns={B2CL_COLUMNS}
          rows={withIds(data.b2cl)}
          empty="No invoice to another state above the limit this month."
        />
        <p className="mt-2 text-xs text-charcoal/75">
          Invoices to buyers in another state whose value is above{" "}
          {data.b2c_large_limits_minor.map(formatPaise).join(", then ")}, one row per rate.
        </p>
      </Section>

      <Section id="b2cs" title="Other B2C sales by place of supply and rate (table 7)" month={month}>
        <ListTable
          caption={`B2C sales by place and rate, ${name}`}
          columns={B2CS_COLUMNS}
          rows={withIds(data.b2cs)}
          empty="No other sales in India this month."
        />
        <p className="mt-2 text-xs text-charcoal/75">
          From the invoices&apos; lines, delivery included; a cart at two rates counts at both. Net: less the
          month&apos;s credit notes on these sales at that place and rate, which is what the return takes.
        </p>
      </Section>

      <Section id="exp" title="Exports (table 6A)" month={month}>
        <ListTable
          caption={`Exports, ${name}`}
          columns={EXPORT_COLUMNS}
          rows={withIds(data.exports)}
          empty="No exports this month."
        />
      </Section>

      <Section id="cdnr" title="Credit notes on B2B invoices (table 9B, registered)" month={month}>
        <ListTable
          caption={`Credit notes for table 9B registered, ${name}`}
          columns={CDNR_COLUMNS}
          rows={withIds(data.cdnr)}
          empty="None this month."
        />
      </Section>

      <Section id="cdnur" title="Credit notes on B2C large invoices and exports (table 9B)" month={month}>
        <ListTable
          caption={`Credit notes for table 9B, ${name}`}
          columns={CDNUR_COLUMNS}
          rows={withIds(data.cdnur)}
          empty="None this month."
        />
      </Section>

      {month < HSN_SPLIT_FROM ? (
        <Section id="hsn" title="HSN summary (table 12)" month={month}>
          <HsnTable caption={`HSN summary, ${name}`} rows={data.hsn} />
        </Section>
      ) : (
        <>
          <Section id="hsn-b2b" title="HSN summary, B2B (table 12)" month={month}>
            <HsnTable caption={`HSN summary B2B, ${name}`} rows={data.hsn_b2b} />
            <p className="mt-2 text-xs text-charcoal/75">
              Invoices to a buyer with a GSTIN and their credit notes: the same taxable value as tables 4A and 9B
              (registered).
            </p>
          </Section>
          <Section id="hsn-b2c" title="HSN summary, B2C (table 12)" month={month}>
            <HsnTable caption={`HSN summary B2C, ${name}`} rows={data.hsn_b2c} />
            <p className="mt-2 text-xs text-charcoal/75">Every other sale, exports included.</p>
          </Section>
        </>
      )}

      <Section id="credit-notes" title="All credit notes" month={month}>
        <ListTable
          caption={`Credit notes, ${name}`}
          columns={CREDIT_COLUMNS}
          rows={withIds(data.credit_notes.notes)}
          empty="No credit notes this month."
        />
        <p className="mt-2 text-sm font-medium">
          Total credited: {formatPaise(credited.value_minor)} (taxable {formatPaise(credited.taxable_minor)}, CGST{" "}
          {formatPaise(credited.cgst_minor)}, SGST {formatPaise(credited.sgst_minor)}, IGST{" "}
          {formatPaise(credited.igst_minor)})
        </p>
      </Section>
    </div>
  );
}

/**
 * GSTN's Phase-III: table 12 is filed in two parts, B2B and B2C, from the May 2025 return period (decision 102);
 * earlier months show the one table they were filed with.
 */
const HSN_SPLIT_FROM = "2025-05";

function HsnTable({ caption, rows }: { caption: string; rows: AdminTaxResponse["hsn"] }) {
  return (
    <>
      <ListTable caption={caption} columns={HSN_COLUMNS} rows={withIds(rows)} empty="No lines this month." />
      <p className="mt-2 text-xs text-charcoal/75">Net of the month&apos;s credit notes.</p>
    </>
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
