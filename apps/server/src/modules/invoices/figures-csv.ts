import { decimalText, indianStateByCode, type AdminTaxResponse, type TaxCsvSection } from "@store/shared";
import { toCsv, type CsvCell } from "../../lib/csv";

/**
 * The return's tables as CSV, in the column order of the GST offline tool's section templates (b2b, b2cl, b2cs,
 * exp, cdnr, cdnur, hsn, hsn(b2b), hsn(b2c), docs), so the seller's accountant pastes them as they are: amounts in rupees with 2 decimals,
 * rates in percent, dates as 06-Oct-2025, places of supply as "08-Rajasthan". Columns the shop has nothing for
 * (cess, an e-commerce operator's GSTIN; a shipping bill until the courier reports it) are left empty. `credit-notes` lists every credit note
 * of the month for the accountant's own check.
 */

const rupees = decimalText;
const percent = (bps: number) => String(bps / 100);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2025-10-06" -> "06-Oct-2025", the tool's date format. */
const toolDate = (day: string) => `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;
const place = (r: { state_code: string; state_name: string }) => `${r.state_code}-${r.state_name}`;
/** The GST code of a place of supply outside India (a credit note on an export). */
const ABROAD = "96-Other Countries";
/** The tool's unit quantity codes. */
const UQC = { PCS: "PCS-PIECES", OTH: "OTH-OTHERS" } as const;

/**
 * Table 12's part as the offline tool's hsn(b2b) and hsn(b2c) sheets (return periods from May 2025): the old hsn
 * sheet's columns with the rate moved after the total value.
 */
function hsnSheet(rows: AdminTaxResponse["hsn"]): [string[], CsvCell[][]] {
  return [
    [
      "HSN",
      "Description",
      "UQC",
      "Total Quantity",
      "Total Value",
      "Rate",
      "Taxable Value",
      "Integrated Tax Amount",
      "Central Tax Amount",
      "State/UT Tax Amount",
      "Cess Amount",
    ],
    rows.map((r) => [
      r.hsn,
      r.description,
      UQC[r.uqc],
      r.quantity,
      rupees(r.value_minor),
      percent(r.rate_bps),
      rupees(r.taxable_minor),
      rupees(r.igst_minor),
      rupees(r.cgst_minor),
      rupees(r.sgst_minor),
      "",
    ]),
  ];
}

const SECTIONS: Record<TaxCsvSection, (figures: AdminTaxResponse) => [string[], CsvCell[][]]> = {
  // Table 4A: invoices to registered buyers (decision 096), none under reverse charge.
  b2b: (f) => [
    [
      "GSTIN/UIN of Recipient",
      "Receiver Name",
      "Invoice Number",
      "Invoice date",
      "Invoice Value",
      "Place Of Supply",
      "Reverse Charge",
      "Applicable % of Tax Rate",
      "Invoice Type",
      "E-Commerce GSTIN",
      "Rate",
      "Taxable Value",
      "Cess Amount",
    ],
    f.b2b.map((r) => [
      r.gstin,
      r.receiver_name,
      r.number,
      toolDate(r.date),
      rupees(r.value_minor),
      place(r),
      "N",
      "",
      "Regular B2B",
      "",
      percent(r.rate_bps),
      rupees(r.taxable_minor),
      "",
    ]),
  ],
  // Table 9B, registered: credit notes on B2B invoices.
  cdnr: (f) => [
    [
      "GSTIN/UIN of Recipient",
      "Receiver Name",
      "Note Number",
      "Note Date",
      "Note Type",
      "Place Of Supply",
      "Reverse Charge",
      "Note Supply Type",
      "Note Value",
      "Applicable % of Tax Rate",
      "Rate",
      "Taxable Value",
      "Cess Amount",
    ],
    f.cdnr.map((r) => [
      r.gstin,
      r.receiver_name,
      r.number,
      toolDate(r.date),
      "C",
      place(r),
      "N",
      "Regular B2B",
      rupees(r.value_minor),
      "",
      percent(r.rate_bps),
      rupees(r.taxable_minor),
      "",
    ]),
  ],
  b2cl: (f) => [
    [
      "Invoice Number",
      "Invoice date",
      "Invoice Value",
      "Place Of Supply",
      "Applicable % of Tax Rate",
      "Rate",
      "Taxable Value",
      "Cess Amount",
      "E-Commerce GSTIN",
    ],
    f.b2cl.map((r) => [
      r.number,
      toolDate(r.date),
      rupees(r.value_minor),
      place(r),
      "",
      percent(r.rate_bps),
      rupees(r.taxable_minor),
      "",
      "",
    ]),
  ],
  // Table 7 takes the sales net of their credit notes.
  b2cs: (f) => [
    ["Type", "Place Of Supply", "Rate", "Applicable % of Tax Rate", "Taxable Value", "Cess Amount", "E-Commerce GSTIN"],
    f.b2cs.map((r) => ["OE", place(r), percent(r.rate_bps), "", rupees(r.net.taxable_minor), "", ""]),
  ],
  exp: (f) => [
    [
      "Export Type",
      "Invoice Number",
      "Invoice date",
      "Invoice Value",
      "Port Code",
      "Shipping Bill Number",
      "Shipping Bill Date",
      "Rate",
      "Taxable Value",
      "Cess Amount",
    ],
    f.exports.map((r) => [
      r.payment,
      r.number,
      toolDate(r.date),
      rupees(r.value_minor),
      r.port_code ?? "",
      r.shipping_bill_number ?? "",
      r.shipping_bill_date ? toolDate(r.shipping_bill_date) : "",
      percent(r.rate_bps),
      rupees(r.taxable_minor),
      "",
    ]),
  ],
  cdnur: (f) => [
    [
      "UR Type",
      "Note Number",
      "Note Date",
      "Note Type",
      "Place Of Supply",
      "Note Value",
      "Applicable % of Tax Rate",
      "Rate",
      "Taxable Value",
      "Cess Amount",
    ],
    f.cdnur.map((r) => [
      r.ur_type,
      r.number,
      toolDate(r.date),
      "C",
      r.state_code === null ? ABROAD : `${r.state_code}-${indianStateByCode(r.state_code)?.name ?? ""}`,
      rupees(r.value_minor),
      "",
      percent(r.rate_bps),
      rupees(r.taxable_minor),
      "",
    ]),
  ],
  hsn: (f) => [
    [
      "HSN",
      "Description",
      "UQC",
      "Total Quantity",
      "Total Value",
      "Taxable Value",
      "Integrated Tax Amount",
      "Central Tax Amount",
      "State/UT Tax Amount",
      "Cess Amount",
      "Rate",
    ],
    f.hsn.map((r) => [
      r.hsn,
      r.description,
      UQC[r.uqc],
      r.quantity,
      rupees(r.value_minor),
      rupees(r.taxable_minor),
      rupees(r.igst_minor),
      rupees(r.cgst_minor),
      rupees(r.sgst_minor),
      "",
      percent(r.rate_bps),
    ]),
  ],
  "hsn-b2b": (f) => hsnSheet(f.hsn_b2b),
  "hsn-b2c": (f) => hsnSheet(f.hsn_b2c),
  docs: (f) => [
    ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
    [
      ["Invoices for outward supply", f.documents.invoices] as const,
      ["Credit Note", f.documents.credit_notes] as const,
    ].flatMap(([nature, range]) => (range ? [[nature, range.first, range.last, range.count, 0]] : [])),
  ],
  "credit-notes": (f) => [
    [
      "note_number",
      "note_date",
      "invoice_number",
      "invoice_date",
      "place_of_supply",
      "reason",
      "return_table",
      "note_value",
      "taxable_value",
      "cgst",
      "sgst",
      "igst",
    ],
    f.credit_notes.notes.map((r) => [
      r.number,
      r.date,
      r.invoice_number,
      r.invoice_date,
      r.place_of_supply,
      r.reason,
      r.table === "cdnr" ? "9B (CDNR)" : r.table === "cdnur" ? "9B (CDNUR)" : "7 (B2CS, netted)",
      rupees(r.value_minor),
      rupees(r.taxable_minor),
      rupees(r.cgst_minor),
      rupees(r.sgst_minor),
      rupees(r.igst_minor),
    ]),
  ],
};

export function taxFiguresCsv(section: TaxCsvSection, figures: AdminTaxResponse): string {
  const [header, rows] = SECTIONS[section](figures);
  return toCsv(header, rows);
}
