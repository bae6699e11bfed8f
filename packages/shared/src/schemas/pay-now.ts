import { z } from "zod";
import { currencySchema, idParam } from "./common";
import { paymentMethodSchema } from "./checkout";
import { calendarDay, requiredText } from "./input-rules";
import { SALES_REPORT_MAX_DAYS } from "./admin-sales";

/**
 * "Pay now" nudges (issue 43 point 3, decision 094): after a cash-on-delivery order, one message with a link to
 * pay it online, optionally for less. Amounts the seller types are whole rupees; what the server answers is paise.
 */

export const PAY_NOW_DISCOUNT_KINDS = ["none", "percent", "fixed"] as const;
export type PayNowDiscountKind = (typeof PAY_NOW_DISCOUNT_KINDS)[number];

/** The longest wait before the message goes: a day (the parcel is usually booked within one). */
export const PAY_NOW_MAX_DELAY_MINUTES = 1440;

const rupees = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number of rupees` })
    .int(`${label} must be a whole number of rupees`)
    .min(0, `${label} cannot be below zero`)
    .max(max, `${label} can be at most ₹${max}`);

/**
 * `PUT /api/admin/pay-now/settings` (owner only) and its GET: on or off, the discount (none; a percentage of what
 * is left to pay with a rupee cap, 0 for no cap; or a fixed amount in rupees), and how long after the order is
 * confirmed the message goes.
 */
export const payNowSettingsSchema = z
  .object({
    enabled: z.boolean({ error: "enabled must be true or false" }),
    discount_kind: z.enum(PAY_NOW_DISCOUNT_KINDS, { error: "discount_kind must be none, percent or fixed" }),
    discount_percent: z
      .number({ error: "discount_percent must be a whole number" })
      .int("discount_percent must be a whole number")
      .min(0, "discount_percent cannot be below zero")
      .max(50, "discount_percent can be at most 50"),
    discount_cap_rupees: rupees("discount_cap_rupees", 10_000),
    discount_fixed_rupees: rupees("discount_fixed_rupees", 10_000),
    delay_minutes: z
      .number({ error: "delay_minutes must be a whole number of minutes" })
      .int("delay_minutes must be a whole number of minutes")
      .min(0, "delay_minutes cannot be below zero")
      .max(PAY_NOW_MAX_DELAY_MINUTES, `delay_minutes can be at most ${PAY_NOW_MAX_DELAY_MINUTES} (a day)`),
  })
  .strict()
  .refine((s) => s.discount_kind !== "percent" || s.discount_percent > 0, {
    path: ["discount_percent"],
    message: "A percentage discount needs a percentage above zero",
  })
  .refine((s) => s.discount_kind !== "fixed" || s.discount_fixed_rupees > 0, {
    path: ["discount_fixed_rupees"],
    message: "A fixed discount needs an amount above zero",
  });
export type PayNowSettings = z.infer<typeof payNowSettingsSchema>;

/** Before the seller saves anything: on, no discount, at once. */
export const PAY_NOW_DEFAULTS: PayNowSettings = {
  enabled: true,
  discount_kind: "none",
  discount_percent: 0,
  discount_cap_rupees: 0,
  discount_fixed_rupees: 0,
  delay_minutes: 0,
};

/** The link's path parameter (the order's id) and its query (the token from the message). */
export const payNowParamsSchema = z.object({ id: idParam });
export const payNowTokenQuerySchema = z.object({ token: z.string().min(1).max(100) });

/** `GET /api/pay-now/:id?token=`: what the link's page shows, all amounts in paise. */
export const payNowViewSchema = z.object({
  order_id: z.number().int(),
  currency: currencySchema,
  delivery_name: z.string(),
  lines: z.array(z.object({ name: z.string(), size: z.string(), quantity: z.number().int() })),
  total_minor: z.number().int(),
  store_credit_minor: z.number().int(),
  discount_minor: z.number().int(),
  /** What paying now takes: total less store credit already spent less the discount. */
  due_minor: z.number().int(),
  /** open: can be paid; paid: converted by this link. */
  state: z.enum(["open", "paid"]),
  message: z.string(),
});
export type PayNowView = z.infer<typeof payNowViewSchema>;

/** `POST /api/pay-now/:id/pay?token=`: which provider pays (the card provider: UPI, cards, netbanking). */
export const payNowPayRequestSchema = z.object({ payment_method: paymentMethodSchema }).strict();
export type PayNowPayRequest = z.infer<typeof payNowPayRequestSchema>;

/** The provider's order for the widget, as the gift card's purchase answers it. */
export const payNowPayResponseSchema = z.object({
  order_id: z.number().int(),
  payment_method: z.string(),
  provider_order_id: z.string(),
  key: z.string(),
  amount_minor: z.number().int(),
  currency: currencySchema,
  script_url: z.string(),
});
export type PayNowPayResponse = z.infer<typeof payNowPayResponseSchema>;

/** `POST /api/pay-now/verify-payment`: the widget's proof. */
export const payNowVerifySchema = z.object({
  payment_method: paymentMethodSchema,
  order_id: requiredText("order_id", 100),
  payment_id: requiredText("payment_id", 100).optional(),
  signature: requiredText("signature", 100).optional(),
});
export type PayNowVerify = z.infer<typeof payNowVerifySchema>;

export const payNowPaidSchema = z.object({ order_id: z.number().int(), message: z.string() });
export type PayNowPaid = z.infer<typeof payNowPaidSchema>;

/** `GET /api/admin/pay-now/stats?from=&to=`: IST days on which the nudges were sent, inclusive. */
export const payNowStatsQuerySchema = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "The end date is before the start date" })
  .refine(
    (q) =>
      q.from > q.to ||
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < SALES_REPORT_MAX_DAYS,
    { path: ["to"], message: `A report covers at most ${SALES_REPORT_MAX_DAYS} days; choose a shorter period` },
  );
export type PayNowStatsQuery = z.infer<typeof payNowStatsQuerySchema>;

export const payNowStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  sent: z.number().int(),
  by_whatsapp: z.number().int(),
  by_email: z.number().int(),
  opened: z.number().int(),
  converted: z.number().int(),
  /** converted / sent, four decimals; 0 when nothing was sent. */
  conversion_rate: z.number(),
  /** Paise given as discounts on converted orders. */
  discount_minor: z.number().int(),
  /** Paise paid online through the nudges. */
  paid_minor: z.number().int(),
});
export type PayNowStats = z.infer<typeof payNowStatsSchema>;
