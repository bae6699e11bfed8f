import { z } from "zod";
import { CURRENCIES } from "../constants";

/** GST began on 1 July 2017: no month before it has figures to file. */
export const FIRST_GST_MONTH = "2017-07";

const IST_OFFSET_MS = 330 * 60 * 1000;

/** The month (2026-11) India Standard Time is in at `now`: the seller's "this month". */
export function currentIstMonth(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}

const MONTH_NAME = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11" as people say it: "November 2026". */
export function monthLabel(month: string): string {
  return MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * A return's month, `YYYY-MM`: from July 2017 to the current IST month (a month that has not begun has no
 * figures, and asking for one is a mistake worth saying so).
 */
export const taxMonthSchema = z
  .string({ error: "month is required, as YYYY-MM (e.g. 2026-11)" })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be a month as YYYY-MM (e.g. 2026-11)")
  .refine((m) => m >= FIRST_GST_MONTH, `GST began in July 2017: choose ${FIRST_GST_MONTH} or a later month`)
  .refine(
    (m) => m <= currentIstMonth(),
    "That month has not begun yet (India time): choose this month or an earlier one",
  );

/** `GET /api/admin/tax`, its CSVs and the ZIP of its documents. */
export const adminTaxQuerySchema = z.object({ month: taxMonthSchema });

/**
 * The sections with a CSV of their own, `GET /api/admin/tax/<section>.csv`: the monthly return's tables in the
 * GST offline tool's shapes (b2b, b2cl, b2cs, exp, cdnr, cdnur, docs; table 12 as its two sheets from the May 2025
 * return period, hsn(b2b) and hsn(b2c), and as the one hsn sheet of earlier periods), and every credit note of the
 * month for the accountant.
 */
export const TAX_CSV_SECTIONS = [
  "b2b",
  "b2cl",
  "b2cs",
  "exp",
  "cdnr",
  "cdnur",
  "hsn",
  "hsn-b2b",
  "hsn-b2c",
  "docs",
  "credit-notes",
] as const;
export type TaxCsvSection = (typeof TAX_CSV_SECTIONS)[number];

/** Taxable value and tax heads, INR paise. */
const taxHeads = {
  taxable_minor: z.number().int(),
  cgst_minor: z.number().int(),
  sgst_minor: z.number().int(),
  igst_minor: z.number().int(),
};
const taxHeadsSchema = z.object(taxHeads);
export type TaxHeads = z.infer<typeof taxHeadsSchema>;

const place = { state_code: z.string(), state_name: z.string() };

/** A registered buyer as the B2B tables name it (decision 096). */
const registered = { gstin: z.string(), receiver_name: z.string() };

/**
 * Table 4A (B2B): an invoice to a registered buyer (its GSTIN given at checkout), invoice by invoice, one row per
 * rate it carries; the place of supply is the GSTIN's state.
 */
export const taxB2bRowSchema = z.object({
  ...registered,
  number: z.string(),
  date: z.string(),
  /** The whole invoice's value, tax included (the same on each of its rates' rows). */
  value_minor: z.number().int(),
  ...place,
  rate_bps: z.number().int(),
  ...taxHeads,
});

/** Table 9B (CDNR): a credit note on a B2B invoice, one row per rate. */
export const taxCdnrRowSchema = z.object({
  ...registered,
  number: z.string(),
  date: z.string(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  ...place,
  /** The whole note's value (the same on each of its rates' rows). */
  value_minor: z.number().int(),
  rate_bps: z.number().int(),
  ...taxHeads,
});

/**
 * Table 5 (B2C large): an inter-State invoice to an unregistered buyer whose value is above the limit in force
 * on its date, one row per rate it carries.
 */
export const taxB2clRowSchema = z.object({
  number: z.string(),
  date: z.string(),
  /** The whole invoice's value, tax included (the same on each of its rates' rows). */
  value_minor: z.number().int(),
  ...place,
  rate_bps: z.number().int(),
  taxable_minor: z.number().int(),
  igst_minor: z.number().int(),
});

/**
 * Table 7 (B2C small): the other sales in India by place of supply and rate, from the invoices' lines, and net of
 * the month's credit notes on such invoices (what the return takes).
 */
export const taxB2csRowSchema = z.object({
  ...place,
  rate_bps: z.number().int(),
  /** Invoices with at least one line at this place and rate. */
  invoices: z.number().int(),
  ...taxHeads,
  net: taxHeadsSchema,
});

/** Table 6A (exports): one row per export invoice and rate. */
export const taxExportRowSchema = z.object({
  /** WOPAY: under a Letter of Undertaking, without IGST; WPAY: with IGST paid. */
  payment: z.enum(["WOPAY", "WPAY"]),
  number: z.string(),
  date: z.string(),
  country: z.string(),
  value_minor: z.number().int(),
  rate_bps: z.number().int(),
  taxable_minor: z.number().int(),
  igst_minor: z.number().int(),
  /** The order's own currency and total (USD cents for a dollar order). */
  currency: z.enum(CURRENCIES),
  order_total_minor: z.number().int(),
  /** The shipping bill as the courier reported it at export clearance (decision 082); null until then. */
  port_code: z.string().nullable(),
  shipping_bill_number: z.string().nullable(),
  shipping_bill_date: z.string().nullable(),
});

/** Table 9B (CDNUR): a credit note on a B2C large invoice or an export, one row per rate. */
export const taxCdnurRowSchema = z.object({
  /** B2CL, or an export with (EXPWP) or without (EXPWOP) IGST. */
  ur_type: z.enum(["B2CL", "EXPWP", "EXPWOP"]),
  number: z.string(),
  date: z.string(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  /** "Maharashtra (27)", or the country of an export. */
  place_of_supply: z.string(),
  /** The GST state code; null for an export. */
  state_code: z.string().nullable(),
  /** The whole note's value (the same on each of its rates' rows). */
  value_minor: z.number().int(),
  rate_bps: z.number().int(),
  taxable_minor: z.number().int(),
  igst_minor: z.number().int(),
});

/**
 * A row of table 12 (HSN-wise summary): goods by HSN code, the delivery charge by its SAC, per rate, net of the
 * month's credit notes.
 */
export const taxHsnRowSchema = z.object({
  hsn: z.string(),
  /** The tariff's description of the code's heading ("" for a heading the shop does not know). */
  description: z.string(),
  /** The unit quantity code: PCS for goods, OTH for the delivery service. */
  uqc: z.enum(["PCS", "OTH"]),
  rate_bps: z.number().int(),
  quantity: z.number().int(),
  ...taxHeads,
  value_minor: z.number().int(),
});

/** A credit note issued in the month, whichever table it goes to. */
export const taxCreditNoteRowSchema = z.object({
  number: z.string(),
  date: z.string(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  place_of_supply: z.string(),
  state_code: z.string().nullable(),
  reason: z.string(),
  /** Where the return takes it: table 9B (CDNR for a B2B invoice's, CDNUR) or netted in table 7 (B2CS). */
  table: z.enum(["cdnr", "cdnur", "b2cs"]),
  ...taxHeads,
  value_minor: z.number().int(),
});

/** A series' numbers issued in the month (Table 13, documents issued); null when none was. */
const documentRangeSchema = z.object({ first: z.string(), last: z.string(), count: z.number().int() }).nullable();

const totalsSchema = z.object({ ...taxHeads, value_minor: z.number().int() });

export const adminTaxResponseSchema = z.object({
  month: z.string(),
  b2b: z.array(taxB2bRowSchema),
  b2cl: z.array(taxB2clRowSchema),
  b2cs: z.array(taxB2csRowSchema),
  exports: z.array(taxExportRowSchema),
  cdnr: z.array(taxCdnrRowSchema),
  cdnur: z.array(taxCdnurRowSchema),
  /** Table 12 whole: every sale, B2B and B2C summed (the single table of return periods before May 2025). */
  hsn: z.array(taxHsnRowSchema),
  /**
   * Table 12 in its two parts (GSTN's Phase-III, return periods from May 2025; decision 102): B2B, the invoices
   * to a registered buyer (table 4A) and their credit notes (9B CDNR); B2C, every other sale, exports included.
   */
  hsn_b2b: z.array(taxHsnRowSchema),
  hsn_b2c: z.array(taxHsnRowSchema),
  credit_notes: z.object({
    notes: z.array(taxCreditNoteRowSchema),
    /** Every credit note of the month, exports included. */
    total: totalsSchema,
  }),
  documents: z.object({ invoices: documentRangeSchema, credit_notes: documentRangeSchema }),
  totals: z.object({
    invoices: z.number().int(),
    /** What the month's invoices add up to (their own totals). */
    invoiced: totalsSchema,
    /**
     * An untaxed "end in 9" rounding line of invoices issued before the rounding became part of the goods'
     * value (issue 38): inside `invoiced`, in no table.
     */
    rounding_minor: z.number().int(),
    credited: totalsSchema,
    /** Invoiced less credited. */
    net: totalsSchema,
  }),
  /** The B2C large limits in force during the month, paise (one, unless a new one took effect in it). */
  b2c_large_limits_minor: z.array(z.number().int()),
});

export type TaxB2bRow = z.infer<typeof taxB2bRowSchema>;
export type TaxCdnrRow = z.infer<typeof taxCdnrRowSchema>;
export type TaxB2clRow = z.infer<typeof taxB2clRowSchema>;
export type TaxB2csRow = z.infer<typeof taxB2csRowSchema>;
export type TaxExportRow = z.infer<typeof taxExportRowSchema>;
export type TaxCdnurRow = z.infer<typeof taxCdnurRowSchema>;
export type TaxHsnRow = z.infer<typeof taxHsnRowSchema>;
export type TaxCreditNoteRow = z.infer<typeof taxCreditNoteRowSchema>;
export type TaxTotals = z.infer<typeof totalsSchema>;
export type AdminTaxResponse = z.infer<typeof adminTaxResponseSchema>;
