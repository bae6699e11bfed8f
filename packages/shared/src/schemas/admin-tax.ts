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

/** The sections with a CSV of their own: `GET /api/admin/tax/<section>.csv`. */
export const TAX_CSV_SECTIONS = ["b2c", "hsn", "exports", "credit-notes"] as const;
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

/** B2C sales (the return's Table 7), one place of supply at one rate, from the invoices' lines. */
export const taxB2cRowSchema = z.object({
  ...place,
  rate_bps: z.number().int(),
  /** Invoices with at least one line at this place and rate. */
  invoices: z.number().int(),
  ...taxHeads,
  /** The same less the month's credit notes at this place and rate: the figures the return takes. */
  net: taxHeadsSchema,
});

/** HSN summary (Table 12): goods by HSN code, the delivery charge by its SAC, per rate; exports included. */
export const taxHsnRowSchema = z.object({
  hsn: z.string(),
  description: z.string(),
  /** The unit quantity code: PCS for goods, OTH for the delivery service. */
  uqc: z.enum(["PCS", "OTH"]),
  rate_bps: z.number().int(),
  quantity: z.number().int(),
  ...taxHeads,
  value_minor: z.number().int(),
});

/** Exports (Table 6A): one row per export invoice. */
export const taxExportRowSchema = z.object({
  number: z.string(),
  date: z.string(),
  /** WOPAY: under a Letter of Undertaking, without IGST; WPAY: with IGST paid. */
  payment: z.enum(["WOPAY", "WPAY"]),
  country: z.string(),
  value_minor: z.number().int(),
  taxable_minor: z.number().int(),
  igst_minor: z.number().int(),
  /** The order's own currency and total (USD cents for a dollar order). */
  currency: z.enum(CURRENCIES),
  order_total_minor: z.number().int(),
});

/** A credit note issued in the month (Table 9B, CDNUR, or the B2C adjustment). */
export const taxCreditNoteRowSchema = z.object({
  number: z.string(),
  date: z.string(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  /** "Maharashtra (27)", or the country of an export. */
  place_of_supply: z.string(),
  /** The GST state code; null for an export. */
  state_code: z.string().nullable(),
  reason: z.string(),
  ...taxHeads,
  value_minor: z.number().int(),
});

/** The month's credit for domestic supplies at one place and rate (what nets the B2C rows). */
export const taxCreditByPlaceSchema = z.object({ ...place, rate_bps: z.number().int(), ...taxHeads });

/** A series' numbers issued in the month (Table 13, documents issued); null when none was. */
const documentRangeSchema = z.object({ first: z.string(), last: z.string(), count: z.number().int() }).nullable();

const totalsSchema = z.object({ ...taxHeads, value_minor: z.number().int() });

export const adminTaxResponseSchema = z.object({
  month: z.string(),
  b2c: z.array(taxB2cRowSchema),
  hsn: z.array(taxHsnRowSchema),
  exports: z.array(taxExportRowSchema),
  credit_notes: z.object({
    notes: z.array(taxCreditNoteRowSchema),
    by_place: z.array(taxCreditByPlaceSchema),
    /** Every credit note of the month, exports included. */
    total: totalsSchema,
  }),
  documents: z.object({ invoices: documentRangeSchema, credit_notes: documentRangeSchema }),
  totals: z.object({
    invoices: z.number().int(),
    /** What the month's invoices add up to (their own totals). */
    invoiced: totalsSchema,
    /** The wallet's "end in 9" rounding inside `invoiced`: no tax, no HSN, so in neither section. */
    rounding_minor: z.number().int(),
    credited: totalsSchema,
    /** Invoiced less credited. */
    net: totalsSchema,
  }),
});

export type TaxB2cRow = z.infer<typeof taxB2cRowSchema>;
export type TaxHsnRow = z.infer<typeof taxHsnRowSchema>;
export type TaxExportRow = z.infer<typeof taxExportRowSchema>;
export type TaxCreditNoteRow = z.infer<typeof taxCreditNoteRowSchema>;
export type TaxCreditByPlace = z.infer<typeof taxCreditByPlaceSchema>;
export type TaxTotals = z.infer<typeof totalsSchema>;
export type AdminTaxResponse = z.infer<typeof adminTaxResponseSchema>;
