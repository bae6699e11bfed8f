import { z } from "zod";
import { SHIPPING_METHOD_CODES } from "../shipping-methods";
import { countryName } from "../gst";
import { formNumber } from "./admin-common";
import { cartIdSchema } from "./cart";
import { currencySchema } from "./common";
import { calendarDay, text } from "./input-rules";

/**
 * Import duties and taxes at the destination (issue 41 point 3, decision 081): the seller's rules per
 * destination and the estimate the cart and checkout show. Amounts of the back office are in major units of
 * the rule's currency and rates in percent (two decimals); the database keeps minor units and basis points.
 */

/** The value a duty or tax is a percentage of: the goods alone, or the goods with the shipping to the buyer. */
export const DUTY_BASES = ["goods", "goods_shipping"] as const;
export type DutyBase = (typeof DUTY_BASES)[number];

/** The destinations' own currencies a threshold may be written in. */
export const IMPORT_CURRENCIES = ["USD", "GBP", "EUR", "CAD", "AUD", "AED"] as const;
export type ImportCurrency = (typeof IMPORT_CURRENCIES)[number];

const percent = (label: string) =>
  formNumber(
    z
      .number({ error: `Enter ${label} in percent, e.g. 12.5` })
      .min(0, `${label} cannot be negative`)
      .max(100, `${label} is at most 100%`)
      .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        message: `${label} takes at most two decimals`,
      }),
  );

const sourceUrl = z
  .string({ error: "Enter the source as an https:// address" })
  .trim()
  .max(500, "This address is too long")
  .refine((url) => {
    try {
      return new URL(url).protocol === "https:" && !/\s/.test(url);
    } catch {
      return false;
    }
  }, "Enter the source as an https:// address");

const countryCode = z
  .string({ error: "Use a country code such as DE" })
  .regex(/^[A-Z]{2}$/, "Use a country code such as DE")
  .refine((code) => countryName(code) !== null, "Use a country code such as DE");

/** An HS heading or chapter: 2 to 6 digits (an HSN code's first six digits are its HS code). */
export const hsPrefixSchema = z
  .string({ error: "Enter an HS chapter, heading or subheading: 2 to 6 digits" })
  .trim()
  .regex(/^\d{2,6}$/, "Enter an HS chapter, heading or subheading: 2 to 6 digits");

export const importRuleCodeParams = z.object({
  code: z
    .string({ error: "code must be a destination's code such as US or EU" })
    .regex(/^[A-Z]{2}$/, "code must be a destination's code such as US or EU"),
});

/** `PATCH /api/admin/import-rules/:code`: what the seller may change of a destination's rule. */
export const importRulePatchSchema = z
  .strictObject({
    threshold: formNumber(
      z
        .number({ error: "Enter the duty-free threshold in the destination's currency (0 for none)" })
        .min(0, "The threshold cannot be negative")
        .max(1_000_000, "The threshold is at most 1,000,000"),
    ),
    usd_per_unit: formNumber(
      z
        .number({ error: "Enter what one unit of the currency is worth in US dollars" })
        .positive("The exchange rate must be more than 0")
        .max(1000, "The exchange rate is at most 1000"),
    ),
    tax_follows_threshold: z.boolean({ error: "tax_follows_threshold must be true or false" }),
    duty_base: z.enum(DUTY_BASES, { error: "duty_base must be goods or goods_shipping" }),
    tax_base: z.enum(DUTY_BASES, { error: "tax_base must be goods or goods_shipping" }),
    tax_name: text("The tax's name", 40),
    tax_rate: percent("The tax rate"),
    country_tax_rates: z
      .record(z.string(), percent("A country's tax rate"), { error: "Enter each country's rate by its code" })
      .superRefine((rates, ctx) => {
        for (const code of Object.keys(rates))
          if (!countryCode.safeParse(code).success)
            ctx.addIssue({ code: "custom", path: [code], message: "Use a country code such as DE" });
      }),
    default_duty_rate: percent("The default duty rate"),
    extra_duty_rate: percent("The additional duty"),
    ddp: z.boolean({ error: "ddp must be true or false" }),
    effective_from: calendarDay,
    source_url: sourceUrl,
    note: text("The note", 500, { multiline: true }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Change at least one field");
export type ImportRulePatch = z.infer<typeof importRulePatchSchema>;

/** `POST /api/admin/import-rules/:code/duty-rates`: a duty rate for an HS heading, from a day. */
export const dutyRateCreateSchema = z.strictObject({
  hs_prefix: hsPrefixSchema,
  rate: percent("The duty rate"),
  effective_from: calendarDay,
  source_url: sourceUrl,
});
export type DutyRateCreateInput = z.infer<typeof dutyRateCreateSchema>;

export const dutyRateViewSchema = z.object({
  id: z.number().int(),
  hs_prefix: z.string(),
  rate: z.number(),
  effective_from: z.string(),
  source_url: z.string(),
});
export type DutyRateView = z.infer<typeof dutyRateViewSchema>;

export const importRuleViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  currency: z.enum(IMPORT_CURRENCIES),
  threshold: z.number(),
  usd_per_unit: z.number(),
  tax_follows_threshold: z.boolean(),
  duty_base: z.enum(DUTY_BASES),
  tax_base: z.enum(DUTY_BASES),
  tax_name: z.string(),
  tax_rate: z.number(),
  country_tax_rates: z.record(z.string(), z.number()),
  default_duty_rate: z.number(),
  extra_duty_rate: z.number(),
  ddp: z.boolean(),
  effective_from: z.string(),
  source_url: z.string(),
  note: z.string(),
  duty_rates: z.array(dutyRateViewSchema),
});
export type ImportRuleView = z.infer<typeof importRuleViewSchema>;
export const importRulesResponseSchema = z.object({ data: z.array(importRuleViewSchema) });
export type ImportRulesResponse = z.infer<typeof importRulesResponseSchema>;

/** `GET /api/duties-estimate/`: the cart as it would be delivered to `country` by `shipping_method`. */
export const dutiesEstimateQuerySchema = z.object({
  cart_id: cartIdSchema,
  currency: currencySchema,
  country: z
    .string({ error: "country must be a country code such as US or GB" })
    .trim()
    .toUpperCase()
    .refine((code) => countryName(code) !== null, "country must be a country code such as US or GB"),
  shipping_method: z
    .enum(SHIPPING_METHOD_CODES, { error: `shipping_method must be one of ${SHIPPING_METHOD_CODES.join(", ")}` })
    .optional(),
});
export type DutiesEstimateQuery = z.infer<typeof dutiesEstimateQuerySchema>;

/** What the buyer is told about duties for one destination; money in major units of the order's currency. */
export const dutiesNoticeSchema = z.object({
  country: z.string(),
  /** The sentence the cart and checkout show. */
  notice: z.string(),
  /** null where the shop keeps no rule for the destination. */
  estimate: z
    .object({
      rule: z.string(),
      destination: z.string(),
      below_threshold: z.boolean(),
      duty: z.number(),
      tax: z.number(),
      total: z.number(),
      tax_name: z.string(),
      /** What the figure was worked on, in words (threshold, bases, rates). */
      basis: z.string(),
    })
    .nullable(),
  /** True when the seller collects the estimate at checkout (delivered duty paid): it is a line of the order. */
  charged: z.boolean(),
});
export type DutiesNotice = z.infer<typeof dutiesNoticeSchema>;
