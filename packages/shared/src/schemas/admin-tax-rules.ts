import { z } from "zod";
import { formNumber, optionalText, requiredText } from "./admin-common";
import { idParam } from "./common";
import { calendarDay, INT32_MAX } from "./input-rules";

/**
 * The back office's GST rate rules (issue 15, decision 033): a rule ("Apparel ...") with its rates, each from
 * a date on. Rates change by notification, so a rate in force is never edited: a new row with a later date
 * replaces it, and only a rate whose date is still ahead may be deleted.
 */

/** The HSN code a product's invoice lines print: 4, 6 or 8 digits (the GST rules ask 4 or 6 of a small seller). */
export const HSN_MESSAGE = "HSN code: 4, 6 or 8 digits, e.g. 6204";
export const hsnCodeSchema = z
  .string({ error: HSN_MESSAGE })
  .trim()
  .regex(/^(\d{4}|\d{6}|\d{8})$/, HSN_MESSAGE);

/** A product's own HSN code, optional (issue 38): an empty field is none, so its subcategory's default applies. */
export const ownHsnCode = z.preprocess((v) => (v === "" ? undefined : v), hsnCodeSchema.optional());
/** The same on an edit, where an emptied field (or null) clears the product's own code. */
export const clearableHsnCode = z.preprocess((v) => (v === "" ? null : v), hsnCodeSchema.nullable().optional());

export const TAX_RULE_MESSAGE = "Choose the product's tax rule";
const ruleNumber = z
  .number({ error: TAX_RULE_MESSAGE })
  .int(TAX_RULE_MESSAGE)
  .min(1, TAX_RULE_MESSAGE)
  .max(INT32_MAX, TAX_RULE_MESSAGE);
export const taxRuleIdField = formNumber(ruleNumber);
/** A product's own rule, optional (issue 38): an empty field is none, so its subcategory's default applies. */
export const ownTaxRuleId = formNumber(ruleNumber.optional());
/** The same on an edit, where an emptied field (or null) clears the product's own rule. */
export const clearableTaxRuleId = formNumber(ruleNumber.nullable().optional(), null);

/** The highest GST rate the store accepts, in percent (the schedule's highest is 40%). */
export const TAX_RATE_MAX_PERCENT = 40;
/** The highest per-piece threshold, in rupees (its paise fit the column). */
export const TAX_THRESHOLD_MAX_RUPEES = 10_000_000;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

const percent = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `Enter the ${label} in percent` : "Enter a number") })
    .min(0, "A rate cannot be negative")
    .max(TAX_RATE_MAX_PERCENT, `A rate is at most ${TAX_RATE_MAX_PERCENT}%`)
    .refine(twoDecimals, "Use at most two decimals, e.g. 2.5 or 0.25");

const rupees = z
  .number({ error: "Enter the threshold in rupees" })
  .gt(0, "The threshold must be more than ₹0")
  .max(TAX_THRESHOLD_MAX_RUPEES, "This threshold is too large")
  .refine(twoDecimals, "Use at most two decimals (paise)");

/** `POST /api/admin/tax-rules`: a new rule, without rates yet. */
export const taxRuleCreateSchema = z.object({
  name: requiredText("Give the rule a name, e.g. Apparel (chapters 61, 62)", 100),
  description: optionalText(500, { multiline: true }).default(""),
});

/**
 * `POST /api/admin/tax-rules/:id/rates`: a rate from `effective_from` (an IST day) on. With a threshold (the
 * taxable value of one piece, in rupees), `rate` applies up to it and `rate_above` above it.
 */
export const taxRateCreateSchema = z
  .object({
    effective_from: calendarDay,
    rate: formNumber(percent("rate")),
    // An empty field ("" or null) is "no threshold".
    threshold: formNumber(rupees.optional()),
    rate_above: formNumber(percent("rate above the threshold").optional()),
  })
  .superRefine((rate, ctx) => {
    const hasThreshold = rate.threshold != null;
    const hasAbove = rate.rate_above != null;
    if (hasThreshold && !hasAbove)
      ctx.addIssue({
        code: "custom",
        path: ["rate_above"],
        message: "Enter the rate that applies above the threshold",
      });
    if (hasAbove && !hasThreshold)
      ctx.addIssue({
        code: "custom",
        path: ["threshold"],
        message: "Enter the per-piece value above which this rate applies, or leave both empty",
      });
  });

/** `DELETE /api/admin/tax-rules/:id/rates/:rateId`. */
export const taxRateParams = z.object({ id: idParam, rateId: idParam });

/** past: replaced by a later rate; in_force: the one that applies today (IST); scheduled: takes effect later. */
export const TAX_RATE_STATUSES = ["past", "in_force", "scheduled"] as const;

export const taxRateViewSchema = z.object({
  id: z.number().int(),
  effective_from: z.string(),
  /** Basis points: 500 = 5%. */
  rate_bps: z.number().int(),
  /** Per-piece taxable value in paise up to which `rate_bps` applies; null: one rate. */
  threshold_minor: z.number().int().nullable(),
  rate_above_bps: z.number().int().nullable(),
  status: z.enum(TAX_RATE_STATUSES),
});

export const taxRuleViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Products classed under this rule. */
  product_count: z.number().int(),
  /** Newest date first. */
  rates: z.array(taxRateViewSchema),
});

/** `GET /api/admin/tax-rules`: every rule with its rates, as of `today` (the IST day). */
export const taxRulesResponseSchema = z.object({
  today: z.string(),
  data: z.array(taxRuleViewSchema),
});

export type TaxRuleCreateInput = z.infer<typeof taxRuleCreateSchema>;
export type TaxRateCreateInput = z.infer<typeof taxRateCreateSchema>;
export type TaxRateView = z.infer<typeof taxRateViewSchema>;
export type TaxRuleView = z.infer<typeof taxRuleViewSchema>;
export type TaxRulesResponse = z.infer<typeof taxRulesResponseSchema>;

/**
 * `PUT /api/admin/tax-defaults/:id`: a subcategory's default HSN code and rule, used by each of its products
 * that has none of its own (issue 38).
 */
export const taxDefaultSchema = z.object({ hsn_code: hsnCodeSchema, tax_rule_id: taxRuleIdField });

export const taxDefaultViewSchema = z.object({
  subcategory_id: z.number().int(),
  subcategory_name: z.string(),
  category_name: z.string(),
  /** null until the seller sets it: its products then need their own. */
  hsn_code: z.string().nullable(),
  tax_rule_id: z.number().int().nullable(),
  tax_rule_name: z.string().nullable(),
  /** Products of the subcategory taxed by this default (neither an HSN code nor a rule of their own). */
  following: z.number().int(),
});

/** `GET /api/admin/tax-defaults`: every subcategory, by category then position. */
export const taxDefaultsResponseSchema = z.object({ data: z.array(taxDefaultViewSchema) });

export type TaxDefaultInput = z.infer<typeof taxDefaultSchema>;
export type TaxDefaultView = z.infer<typeof taxDefaultViewSchema>;
export type TaxDefaultsResponse = z.infer<typeof taxDefaultsResponseSchema>;
