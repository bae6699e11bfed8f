import { z } from "zod";
import { cartIdSchema } from "./cart";
import { currencySchema } from "./common";
import { errorBodySchema } from "./errors";
import { requiredText } from "./input-rules";

/** Why a promo code does not apply; the 422 body carries one, with a sentence to show. */
export const PROMO_REASONS = [
  "unknown",
  "inactive",
  "not_started",
  "expired",
  "used_up",
  "wrong_currency",
  "too_few_items",
  "below_minimum",
  "empty_order",
  "no_discount",
] as const;
export type PromoReason = (typeof PROMO_REASONS)[number];

/**
 * `POST /api/validate-promo-code/`. With cart_id the server takes the amount and the number of pieces
 * from that cart and ignores the client's; without it, `amount` and `no_of_products` are required
 * (the spec's promo box). `currency` defaults to the cart's, else USD.
 */
export const validatePromoRequestSchema = z
  .object({
    promo_code: requiredText("promo_code", 40),
    amount: z
      .number({ error: "amount must be a number" })
      .nonnegative("amount must not be negative")
      .max(1e9, "amount is too large")
      .optional(),
    no_of_products: z
      .number({ error: "no_of_products must be a number" })
      .int("no_of_products must be a whole number")
      .nonnegative("no_of_products must not be negative")
      .max(100_000)
      .optional(),
    cart_id: cartIdSchema,
    currency: currencySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.cart_id) return;
    if (body.amount === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "amount is required without a cart_id" });
    if (body.no_of_products === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["no_of_products"],
        message: "no_of_products is required without a cart_id",
      });
  });

/** Applied: `amount` is the discount in major units of `currency` (never more than the subtotal). */
export const validatePromoResponseSchema = z.object({
  amount: z.number(),
  message: z.string(),
  promo_code: z.string(),
  currency: currencySchema,
  /** The amount the discount was computed on (the cart's subtotal when cart_id was given). */
  subtotal: z.number(),
});

/** 422: not applicable (the spec's client shows 'Promo code not applied'; ours can show `message`). */
export const promoNotApplicableSchema = errorBodySchema.extend({
  code: z.literal("PROMO_NOT_APPLICABLE"),
  reason: z.enum(PROMO_REASONS),
});

export type ValidatePromoRequest = z.infer<typeof validatePromoRequestSchema>;
export type ValidatePromoResponse = z.infer<typeof validatePromoResponseSchema>;
export type PromoNotApplicable = z.infer<typeof promoNotApplicableSchema>;
