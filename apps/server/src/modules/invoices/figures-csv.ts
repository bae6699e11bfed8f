import { decimalText, type AdminTaxResponse, type TaxCsvSection } from "@store/shared";
import { toCsv, type CsvCell } from "../../lib/csv";

/**
 * The tax figures' sections as CSV for the seller's accountant (or the GST offline tool): amounts in rupees
 * with 2 decimals, rates in percent, places as the return writes them ("08-Rajasthan").
 */

const rupees = decimalText;
const percent = (bps: number) => String(bps / 100);
const heads = (r: { taxable_minor: number; cgst_minor: number; sgst_minor: number; igst_minor: number }) => [
  rupees(r.taxable_minor),
  rupees(r.cgst_minor),
  rupees(r.sgst_minor),
  rupees(r.igst_minor),
];
const HEADS = ["taxable_value", "cgst", "sgst", "igst"];

const SECTIONS: Record<TaxCsvSection, (figures: AdminTaxResponse) => [string[], CsvCell[][]]> = {
  b2c: (f) => [
    ["place_of_supply", "rate_percent", "invoices", ...HEADS, ...HEADS.map((h) => `net_${h}`)],
    f.b2c.map((r) => [
      `${r.state_code}-${r.state_name}`,
      percent(r.rate_bps),
      r.invoices,
      ...heads(r),
      ...heads(r.net),
    ]),
  ],
  hsn: (f) => [
    ["hsn", "description", "uqc", "rate_percent", "total_quantity", "total_value", ...HEADS],
    f.hsn.map((r) => [
      r.hsn,
      r.description,
      r.uqc,
      percent(r.rate_bps),
      r.quantity,
      rupees(r.value_minor),
      ...heads(r),
    ]),
  ],
  exports: (f) => [
    [
      "export_type",
      "invoice_number",
      "invoice_date",
      "country",
      "invoice_value",
      "taxable_value",
      "igst",
      "currency",
      "order_total",
    ],
    f.exports.map((r) => [
      r.payment,
      r.number,
      r.date,
      r.country,
      rupees(r.value_minor),
      rupees(r.taxable_minor),
      rupees(r.igst_minor),
      r.currency,
      rupees(r.order_total_minor),
    ]),
  ],
  "credit-notes": (f) => [
    ["note_number", "note_date", "invoice_number", "invoice_date", "place_of_supply", "reason", "note_value", ...HEADS],
    f.credit_notes.notes.map((r) => [
      r.number,
      r.date,
      r.invoice_number,
      r.invoice_date,
      r.place_of_supply,
      r.reason,
      rupees(r.value_minor),
      ...heads(r),
    ]),
  ],
};

export function taxFiguresCsv(section: TaxCsvSection, figures: AdminTaxResponse): string {
  const [header, rows] = SECTIONS[section](figures);
  return toCsv(header, rows);
}
