import type {
  TaxB2bRow,
  TaxB2clRow,
  TaxB2csRow,
  TaxCdnrRow,
  TaxCdnurRow,
  TaxCreditNoteRow,
  TaxExportRow,
  TaxHeads,
  TaxHsnRow,
} from "@store/shared";
import { taxRateText } from "@store/shared";
import { formatPaise } from "./format";
import type { Column } from "./list-table";

/** The columns of each table of the tax figures page (routes/admin/tax.tsx), one row per table's row. */

export const NUMBER = "whitespace-nowrap text-right tabular-nums";

/** The summary's four figures: each net of the month's credit notes, with what was invoiced beside it. */
export const HEADS = [
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

export type Row<T> = T & { id: number };
type CreditRow = Row<TaxCreditNoteRow>;

/** The registered buyer of a B2B row: its GSTIN, its legal name under it. */
const buyerColumn = <T extends { gstin: string; receiver_name: string }>(): Column<T> => ({
  header: "Buyer (GSTIN)",
  cell: (r) => (
    <>
      {r.gstin}
      <span className="block text-xs text-charcoal/70">{r.receiver_name}</span>
    </>
  ),
  className: "whitespace-nowrap",
});

export const B2B_COLUMNS: Column<Row<TaxB2bRow>>[] = [
  buyerColumn<Row<TaxB2bRow>>(),
  { header: "Invoice", cell: (r) => r.number, className: "whitespace-nowrap" },
  { header: "Date", cell: (r) => r.date, className: "whitespace-nowrap" },
  { header: "Place of supply", cell: (r) => `${r.state_code} ${r.state_name}` },
  { header: "Invoice value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  ...headColumns<Row<TaxB2bRow>>(),
];

export const CDNR_COLUMNS: Column<Row<TaxCdnrRow>>[] = [
  buyerColumn<Row<TaxCdnrRow>>(),
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
  { header: "Place of supply", cell: (r) => `${r.state_code} ${r.state_name}`, className: "hidden sm:table-cell" },
  { header: "Note value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  ...headColumns<Row<TaxCdnrRow>>(),
];

export const B2CL_COLUMNS: Column<Row<TaxB2clRow>>[] = [
  { header: "Invoice", cell: (r) => r.number, className: "whitespace-nowrap" },
  { header: "Date", cell: (r) => r.date, className: "whitespace-nowrap" },
  { header: "Place of supply", cell: (r) => `${r.state_code} ${r.state_name}` },
  { header: "Invoice value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  { header: "Taxable value", cell: (r) => formatPaise(r.taxable_minor), className: NUMBER },
  { header: "IGST", cell: (r) => formatPaise(r.igst_minor), className: NUMBER },
];

export const B2CS_COLUMNS: Column<Row<TaxB2csRow>>[] = [
  { header: "Place of supply", cell: (r) => `${r.state_code} ${r.state_name}` },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  { header: "Invoices", cell: (r) => r.invoices, className: WIDE },
  ...headColumns<Row<TaxB2csRow>>(),
  { header: "Net taxable value", cell: (r) => formatPaise(r.net.taxable_minor), className: NUMBER },
  {
    header: "Net tax",
    cell: (r) => formatPaise(r.net.cgst_minor + r.net.sgst_minor + r.net.igst_minor),
    className: NUMBER,
  },
];

export const HSN_COLUMNS: Column<Row<TaxHsnRow>>[] = [
  { header: "HSN / SAC", cell: (r) => r.hsn },
  { header: "Description", cell: (r) => r.description || "-", className: "hidden sm:table-cell" },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  { header: "Quantity", cell: (r) => `${r.quantity} ${r.uqc}`, className: NUMBER },
  { header: "Total value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  ...headColumns<Row<TaxHsnRow>>(),
];

export const EXPORT_COLUMNS: Column<Row<TaxExportRow>>[] = [
  { header: "Invoice", cell: (r) => r.number, className: "whitespace-nowrap" },
  { header: "Date", cell: (r) => r.date, className: "whitespace-nowrap" },
  { header: "Tax", cell: (r) => (r.payment === "WOPAY" ? "Under LUT, no IGST" : "With IGST") },
  { header: "Country", cell: (r) => r.country, className: "hidden sm:table-cell" },
  { header: "Invoice value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  { header: "Taxable value", cell: (r) => formatPaise(r.taxable_minor), className: NUMBER },
  { header: "IGST", cell: (r) => formatPaise(r.igst_minor), className: NUMBER },
  {
    header: "Shipping bill",
    cell: (r) =>
      r.shipping_bill_number ? (
        <>
          {r.shipping_bill_number}
          <span className="block text-xs text-charcoal/70">
            {r.shipping_bill_date} · {r.port_code}
          </span>
        </>
      ) : (
        "Not yet"
      ),
    className: WIDE,
  },
  {
    header: "Order total",
    cell: (r) => `${r.currency} ${(r.order_total_minor / 100).toFixed(2)}`,
    className: WIDE,
  },
];

export const CDNUR_COLUMNS: Column<Row<TaxCdnurRow>>[] = [
  { header: "Type", cell: (r) => r.ur_type },
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
  { header: "Note value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  { header: "Rate", cell: (r) => taxRateText(r.rate_bps), className: NUMBER },
  { header: "Taxable value", cell: (r) => formatPaise(r.taxable_minor), className: NUMBER },
  { header: "IGST", cell: (r) => formatPaise(r.igst_minor), className: NUMBER },
];

export const CREDIT_COLUMNS: Column<CreditRow>[] = [
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
  {
    header: "Return",
    cell: (r) => (r.table === "cdnr" ? "Table 9B (CDNR)" : r.table === "cdnur" ? "Table 9B" : "Netted in table 7"),
  },
  { header: "Value", cell: (r) => formatPaise(r.value_minor), className: NUMBER },
  ...headColumns<CreditRow>(),
];
