import { z } from "zod";
import { gstinProblem } from "../gst";
import { formNumber, optionalText, requiredText } from "./admin-common";
import { idParam } from "./common";

/**
 * Trade accounts (issue 44 point 2, decision 097): a business's application, the seller's trade groups, their
 * price lists and each product's minimum order and case pack. Money in paise (whole rupees).
 */

/** revoked: the seller suspended an approved account; it sees retail prices until reinstated. */
export const TRADE_APPLICATION_STATUSES = ["open", "approved", "declined", "revoked"] as const;

/** A GSTIN as typed: spaces dropped, upper case, then its format, state code and check character. */
export const gstinSchema = z
  .string({ error: "Please enter your GSTIN" })
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .superRefine((value, ctx) => {
    const problem = value === "" ? "Please enter your GSTIN" : gstinProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} is at most ${max}`);

/** `POST /api/trade/apply/`: a signed-in account asks for trade prices. */
export const tradeApplyRequestSchema = z.object({
  gstin: gstinSchema,
  business_name: requiredText("Please enter your business name", 120),
  buys: requiredText("Please say what your business buys", 500, { multiline: true }),
  monthly_volume_rupees: formNumber(
    z
      .number({ error: "Please enter your expected monthly purchases in rupees" })
      .int("Expected monthly purchases must be whole rupees")
      .min(1, "Expected monthly purchases must be at least ₹1")
      .max(1_000_000_000, "Expected monthly purchases is too large"),
  ),
});
export type TradeApplyRequest = z.infer<typeof tradeApplyRequestSchema>;

export const tradeApplicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  gstin: z.string(),
  business_name: z.string(),
  buys: z.string(),
  monthly_volume_rupees: z.number().int(),
  status: z.enum(TRADE_APPLICATION_STATUSES),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  decline_reason: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type TradeApplication = z.infer<typeof tradeApplicationSchema>;

/**
 * `GET /api/trade/`: the caller's latest application (null: none yet), and, for an approved trade buyer, the
 * GSTIN and business name the checkout prefills for the B2B invoice (null otherwise).
 */
export const tradeStatusResponseSchema = z.object({
  application: tradeApplicationSchema.nullable(),
  buyer: z.object({ gstin: z.string(), business_name: z.string() }).nullable(),
});
export type TradeStatusResponse = z.infer<typeof tradeStatusResponseSchema>;

/** `POST /admin/api/trade/applications/:id/approve`, and `.../move` and `.../reinstate` for an account's group. */
export const tradeApproveRequestSchema = z.object({
  group_id: z.number({ error: "Choose a trade group" }).int("Choose a trade group").min(1, "Choose a trade group"),
});
/** `POST /admin/api/trade/applications/:id/decline`: the reason is e-mailed to the business. */
export const tradeDeclineRequestSchema = z.object({
  reason: requiredText("Please give the reason the business is told", 500, { multiline: true }),
});

/** `POST /admin/api/trade/applications/:id/revoke`: the reason is e-mailed to the business. */
export const tradeRevokeRequestSchema = z.object({
  reason: requiredText("Please give the reason the business is told", 500, { multiline: true }),
});

export const tradeGroupInputSchema = z.object({
  name: requiredText("Please name the group", 80),
  percent_off: formNumber(
    z
      .number({ error: "percent_off must be a number" })
      .int("percent_off must be a whole percent")
      .min(0, "percent_off is 0 to 90")
      .max(90, "percent_off is 0 to 90"),
  ),
});
export type TradeGroupInput = z.infer<typeof tradeGroupInputSchema>;

export const tradePriceSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  size: z.string(),
  price_paise: z.number().int(),
});

export const tradeGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percent_off: z.number().int(),
  members: z.number().int(),
  prices: z.array(tradePriceSchema),
});
export type TradeGroup = z.infer<typeof tradeGroupSchema>;

/** `PUT /admin/api/trade/groups/:id/prices`: one fixed price; size "" means every size. */
export const tradePriceInputSchema = z.object({
  product_id: idParam,
  size: optionalText(20).default(""),
  price_paise: formNumber(
    z
      .number({ error: "price_paise must be a number" })
      .int("price_paise must be whole paise")
      .min(100, "price_paise must be at least ₹1 (100 paise)")
      .max(100_000_000, "price_paise is too large")
      .refine((paise) => paise % 100 === 0, "price_paise must be whole rupees (a multiple of 100)"),
  ),
});
export type TradePriceInput = z.infer<typeof tradePriceInputSchema>;

/** `DELETE`'s body for one fixed price. */
export const tradePriceKeySchema = z.object({ product_id: idParam, size: optionalText(20).default("") });

export const tradeProductRuleSchema = z.object({
  product_id: idParam,
  min_quantity: count("min_quantity", 999),
  case_pack: count("case_pack", 999),
});
export type TradeProductRule = z.infer<typeof tradeProductRuleSchema>;

export const tradeOverviewSchema = z.object({
  applications: z.array(tradeApplicationSchema),
  groups: z.array(tradeGroupSchema),
  rules: z.array(tradeProductRuleSchema.extend({ product_name: z.string() })),
});
export type TradeOverview = z.infer<typeof tradeOverviewSchema>;

/** What a product page shows a trade buyer: the price per size and the product's terms. */
export const tradeTermsSchema = z.object({
  group_name: z.string(),
  min_quantity: z.number().int(),
  case_pack: z.number().int(),
});

/** `GET /api/trade/product/`: a product's trade terms and price per size for the caller (null: not a trade buyer). */
export const tradeProductQuerySchema = z.object({
  product_pk: idParam,
  currency: z.enum(["INR", "USD"], { error: "currency must be INR or USD" }).default("INR"),
});
export const tradeProductResponseSchema = z.object({
  terms: tradeTermsSchema.nullable(),
  prices: z.record(z.string(), z.number()),
});
export type TradeProductResponse = z.infer<typeof tradeProductResponseSchema>;

/**
 * `GET /api/trade/prices/`: for the listing pages' cards (home, category, search), asked from the browser by a
 * signed-in shopper. An approved trade buyer gets its group and each product's trade price for the size the
 * card shows; anyone else no group and no prices.
 */
export const tradeListPricesQuerySchema = z.object({
  product_pks: z
    .string({ error: "product_pks must be product numbers separated by commas" })
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, "product_pks must be up to 100 product numbers separated by commas")
    .transform((value) => [...new Set(value.split(",").map(Number))]),
  currency: z.enum(["INR", "USD"], { error: "currency must be INR or USD" }).default("INR"),
});
export const tradeListPricesResponseSchema = z.object({
  group_name: z.string().nullable(),
  prices: z.record(z.string(), z.number()),
});
export type TradeListPricesResponse = z.infer<typeof tradeListPricesResponseSchema>;

/** `POST /api/reorder/`: a past order of the caller's back in the cart. */
export const reorderRequestSchema = z.object({
  order_id: z
    .number({ error: "order_id must be a number" })
    .int("order_id must be a whole number")
    .min(1)
    .max(2_147_483_647),
});
export const reorderResponseSchema = z.object({
  cart_id: z.string(),
  added: z.number().int(),
  skipped: z.array(z.object({ product_name: z.string(), size: z.string(), reason: z.string() })),
  message: z.string(),
});
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;
