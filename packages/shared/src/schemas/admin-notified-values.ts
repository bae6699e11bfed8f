import { z } from "zod";
import { formNumber, requiredText } from "./admin-common";
import { calendarDay } from "./input-rules";
import { TAX_RATE_STATUSES } from "./admin-tax-rules";

/**
 * Values the government notifies and changes by date, kept by the seller with the notification each comes
 * from (issue 38, decisions 060 and 061). As with tax rates, a value already in force is never changed: a later
 * one replaces it.
 * - usd_export_rate: the customs rate of exchange for exported goods, which an invoice in US dollars converts
 *   at (CGST rule 34);
 * - b2c_large_limit: the invoice value above which an inter-State sale to an unregistered buyer is reported
 *   invoice by invoice in the monthly return (GSTR-1 table 5);
 * - e_way_bill_inter_state: an e-way bill is needed above it when goods go to another state (CGST rule 138(1));
 * - e_way_bill_intra_state: the same within the seller's state, as its Commissioner notified (rule 138(14)(d));
 * - recipient_address: from it on, the invoice of an unregistered buyer must carry their name, address and
 *   delivery address (CGST rule 46(e)), so a wrong one there is a wrong invoice.
 */
export const NOTIFIED_VALUE_KINDS = [
  "usd_export_rate",
  "b2c_large_limit",
  "e_way_bill_inter_state",
  "e_way_bill_intra_state",
  "recipient_address",
] as const;
export type NotifiedValueKind = (typeof NOTIFIED_VALUE_KINDS)[number];

/** What each kind is, in the back office's words, and the largest value it takes (in rupees). */
export const NOTIFIED_VALUES: Record<NotifiedValueKind, { title: string; unit: string; max: number }> = {
  usd_export_rate: { title: "Customs exchange rate for exports (US dollar)", unit: "₹ per US dollar", max: 1000 },
  b2c_large_limit: { title: "Invoice value above which B2C sales are reported one by one", unit: "₹", max: 10_000_000 },
  e_way_bill_inter_state: { title: "E-way bill needed above, to another state", unit: "₹", max: 10_000_000 },
  e_way_bill_intra_state: { title: "E-way bill needed above, within the seller's state", unit: "₹", max: 10_000_000 },
  recipient_address: { title: "Buyer's address required on the invoice from", unit: "₹", max: 10_000_000 },
};

/**
 * CBIC notifies the customs rates of exchange twice a month: a rate in force for longer than this means a
 * notification may have been missed, and the back office says so.
 */
export const EXCHANGE_RATE_REMINDER_DAYS = 16;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** `POST /api/admin/notified-values`. */
export const notifiedValueCreateSchema = z
  .object({
    kind: z.enum(NOTIFIED_VALUE_KINDS, { error: "Choose which value this is" }),
    effective_from: calendarDay,
    value: formNumber(
      z
        .number({ error: (issue) => (issue.input === undefined ? "Enter the value in rupees" : "Enter a number") })
        .gt(0, "The value must be more than 0")
        .refine(twoDecimals, "Use at most two decimals (paise)"),
    ),
    /** Where the value comes from, e.g. "75/2025-Customs (N.T.)". */
    notification: requiredText("Enter the notification it comes from, e.g. 75/2025-Customs (N.T.)", 120),
  })
  .superRefine((input, ctx) => {
    const max = NOTIFIED_VALUES[input.kind].max;
    if (input.value > max)
      ctx.addIssue({ code: "custom", path: ["value"], message: `This value is too large (at most ${max})` });
  });

export const notifiedValueViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFIED_VALUE_KINDS),
  effective_from: z.string(),
  /** Paise: per US dollar for the rate, the limit itself for the limits. */
  value_minor: z.number().int(),
  notification: z.string(),
  status: z.enum(TAX_RATE_STATUSES),
});

/** `GET /api/admin/notified-values`: every value, newest date first, as of `today` (IST). */
export const notifiedValuesResponseSchema = z.object({
  today: z.string(),
  data: z.array(notifiedValueViewSchema),
});

export type NotifiedValueCreateInput = z.infer<typeof notifiedValueCreateSchema>;
export type NotifiedValueView = z.infer<typeof notifiedValueViewSchema>;
export type NotifiedValuesResponse = z.infer<typeof notifiedValuesResponseSchema>;
