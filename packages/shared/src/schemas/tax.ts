import { z } from "zod";
import { gstinProblem, indianStateByCode, isFinancialYear } from "../gst";
import { requiredText, text } from "./input-rules";

export const IEC_MESSAGE = "IEC: the 10 letters or digits of your Importer-Exporter Code, or leave it empty";
export const LUT_YEAR_MESSAGE = "Enter the financial year the LUT was furnished for, like 2026-27";

/**
 * `GET/PUT /api/admin/settings/gst`: the seller's GST registration as the invoices print it (issue 15).
 * The state is the one the GSTIN was issued in, so its code must be the GSTIN's first two digits.
 */
export const sellerGstSchema = z
  .object({
    legal_name: requiredText("Legal name", 200),
    address: requiredText("Address", 500, { multiline: true }),
    gstin: requiredText("GSTIN", 15, { missing: "GSTIN is required" }).transform((v) => v.toUpperCase()),
    state_code: z
      .string({ error: "Choose the state you are registered in" })
      .refine((code) => indianStateByCode(code) !== null, "Choose the state you are registered in"),
    invoice_prefix: z
      .string({ error: "Invoice prefix is required" })
      .trim()
      .toUpperCase()
      .regex(
        /^[A-Z0-9]{1,3}$/,
        "Invoice prefix: 1 to 3 capital letters or digits (numbers like JKH/26-27/000123 fit 16 characters)",
      ),
    /** The Letter of Undertaking's reference for exports without IGST; "" when the seller has none. */
    lut_reference: text("LUT reference", 40).default(""),
    /** The financial year the LUT was furnished for ("2026-27"): it covers exports of that year only (rule 96A). */
    lut_financial_year: z.string({ error: LUT_YEAR_MESSAGE }).trim().default(""),
    /**
     * The Importer-Exporter Code (DGFT), 10 letters or digits, printed on the customs papers of exports and sent
     * with each international booking; "" until the seller exports (decision 082).
     */
    iec: z
      .string({ error: IEC_MESSAGE })
      .trim()
      .toUpperCase()
      .regex(/^([A-Z0-9]{10})?$/, IEC_MESSAGE)
      .default(""),
  })
  .superRefine((gst, ctx) => {
    if (gst.lut_reference !== "" && !isFinancialYear(gst.lut_financial_year))
      ctx.addIssue({ code: "custom", path: ["lut_financial_year"], message: LUT_YEAR_MESSAGE });
    else if (gst.lut_reference === "" && gst.lut_financial_year !== "")
      ctx.addIssue({
        code: "custom",
        path: ["lut_reference"],
        message: "Enter the LUT's reference (its ARN), or leave the year empty too",
      });
    const problem = gstinProblem(gst.gstin);
    if (problem) ctx.addIssue({ code: "custom", path: ["gstin"], message: problem });
    else if (gst.gstin.slice(0, 2) !== gst.state_code)
      ctx.addIssue({
        code: "custom",
        path: ["gstin"],
        message: `This GSTIN is from state code ${gst.gstin.slice(0, 2)}, not ${gst.state_code}: the state must be the one the GSTIN was issued in.`,
      });
  });

export type SellerGst = z.infer<typeof sellerGstSchema>;

/**
 * The registration as saved (already checked and normalised), with no transforms: a response schema is
 * encoded on the way out, and zod cannot run a transform backwards.
 */
const sellerGstViewSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  gstin: z.string(),
  state_code: z.string(),
  invoice_prefix: z.string(),
  lut_reference: z.string(),
  lut_financial_year: z.string(),
  iec: z.string(),
});

export const sellerGstResponseSchema = z.object({
  /** null until the seller saves it: until then no invoice can be issued. */
  gst: sellerGstViewSchema.nullable(),
  /** What the seller should know about the LUT today (it lapses on 31 March), or null. */
  lut_notice: z.string().nullable(),
});
export type SellerGstResponse = z.infer<typeof sellerGstResponseSchema>;
