import { z } from "zod";
import { CURRENCIES } from "../constants";
import { emailSchema } from "./accounts";
import { currencySchema, idParam } from "./common";
import { paymentMethodSchema } from "./checkout";
import { calendarDay, requiredText, text } from "./input-rules";

/**
 * Gift cards (issue 42, decision 089): products the seller defines, cards shoppers buy for someone, and the
 * code the recipient adds to their store credit. Amounts in payloads are major units (rupees, dollars).
 */

/** The most a card may hold, and the least (the payment providers' minimum order is 1 rupee or 1 dollar). */
export const GIFT_CARD_LIMITS = { min: 1, max: 100_000, fixedAmounts: 8, message: 300 } as const;

/**
 * The code's alphabet: digits and capitals without 0, 1, I and O, which read alike. 32 symbols, 5 bits each;
 * a code is 20 of them (100 bits), printed in five groups of four.
 */
export const GIFT_CARD_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const GIFT_CARD_CODE_LENGTH = 20;

/** A code as typed: spaces and dashes dropped, in capitals. */
export const normalGiftCardCode = (typed: string) => typed.replace(/[\s-]+/g, "").toUpperCase();

/** "ABCD-EFGH-…": in groups of four for reading aloud and typing. */
export const groupedGiftCardCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(GIFT_CARD_LIMITS.min, `${label} must be at least ${GIFT_CARD_LIMITS.min}`)
    .max(GIFT_CARD_LIMITS.max, `${label} must be at most ${GIFT_CARD_LIMITS.max.toLocaleString("en-IN")}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label}: use at most two decimals`);

/** `POST /api/admin/gift-card-products` and `PUT …/:id`: what the owner sells. */
export const giftCardProductInputSchema = z
  .object({
    name: requiredText("name", 80, { missing: "Give the gift card a name" }),
    description: text("description", 300, { multiline: true }).default(""),
    currency: z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(", ")}` }),
    fixed_amounts: z
      .array(amount("Each fixed amount"), { error: "fixed_amounts must be a list of amounts" })
      .max(GIFT_CARD_LIMITS.fixedAmounts, `At most ${GIFT_CARD_LIMITS.fixedAmounts} fixed amounts`)
      .refine((list) => new Set(list).size === list.length, "Each fixed amount only once")
      .default([]),
    min_amount: amount("The smallest chosen amount").nullable().default(null),
    max_amount: amount("The largest chosen amount").nullable().default(null),
    active: z.boolean({ error: "active must be true or false" }).default(true),
  })
  .superRefine((p, ctx) => {
    const range = p.min_amount !== null || p.max_amount !== null;
    if (range && (p.min_amount === null || p.max_amount === null))
      ctx.addIssue({ code: "custom", path: ["max_amount"], message: "Give both the smallest and largest amount" });
    else if (range && p.min_amount! >= p.max_amount!)
      ctx.addIssue({ code: "custom", path: ["max_amount"], message: "The largest amount must be above the smallest" });
    if (!range && p.fixed_amounts.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["fixed_amounts"],
        message: "Offer at least one fixed amount, or a range the buyer chooses in",
      });
  });

export const giftCardProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  currency: currencySchema,
  fixed_amounts: z.array(z.number()),
  min_amount: z.number().nullable(),
  max_amount: z.number().nullable(),
  active: z.boolean(),
});

/** `GET /api/gift-cards/:id` and the back office's `…/gift-card-products/:id`. */
export const giftCardParamsSchema = z.object({ id: idParam });

/** `GET /api/gift-cards/`: the cards on sale. */
export const giftCardProductsSchema = z.object({ products: z.array(giftCardProductSchema) });

/** `POST /api/gift-cards/purchase`: one card for someone, paid through `payment_method` (a provider's name). */
export const giftCardPurchaseSchema = z.object({
  product_id: z.number({ error: "product_id is required" }).int().positive().max(2_147_483_647),
  amount: amount("The amount"),
  recipient_name: requiredText("recipient_name", 80, { missing: "Give the recipient's name" }),
  recipient_email: requiredText("recipient_email", 254, { missing: "Give the recipient's e-mail" }).pipe(
    z.email("The recipient's e-mail is not a valid address"),
  ),
  message: text("message", GIFT_CARD_LIMITS.message, { multiline: true }).default(""),
  send_on: calendarDay,
  buyer_name: requiredText("buyer_name", 80, { missing: "Give your name" }),
  buyer_email: emailSchema,
  payment_method: paymentMethodSchema,
});

/** What the browser opens the provider's widget with (amount in minor units, as the providers take it). */
export const giftCardPurchaseResponseSchema = z.object({
  gift_card_id: z.number().int(),
  payment_method: z.string(),
  provider_order_id: z.string(),
  key: z.string(),
  amount_minor: z.number().int(),
  currency: currencySchema,
  script_url: z.string(),
});

/** `POST /api/gift-cards/verify-payment`: the provider's proof, as the widget handed it back. */
export const giftCardVerifySchema = z.object({
  payment_method: paymentMethodSchema,
  order_id: requiredText("order_id", 100),
  payment_id: requiredText("payment_id", 100).optional(),
  signature: requiredText("signature", 100).optional(),
});

export const GIFT_CARD_STATUSES = ["pending_payment", "paid", "sent", "redeemed"] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];
export const GIFT_CARD_STATUS_LABELS: Record<GiftCardStatus, string> = {
  pending_payment: "Awaiting payment",
  paid: "Paid, to be sent",
  sent: "Sent",
  redeemed: "Redeemed",
};

export const giftCardPaidSchema = z.object({
  gift_card_id: z.number().int(),
  status: z.enum(GIFT_CARD_STATUSES),
  message: z.string(),
});

/** `POST /api/gift-cards/redeem`: a code added to the signed-in shopper's store credit. */
export const giftCardRedeemSchema = z.object({
  code: requiredText("code", 64, { missing: "Enter the gift card's code" }),
});

export const giftCardRedeemedSchema = z.object({
  currency: currencySchema,
  amount: z.number(),
  message: z.string(),
});

/** One card in the back office: the code only as its last four characters. */
export const adminGiftCardSchema = z.object({
  id: z.number().int(),
  product: z.string(),
  masked_code: z.string().nullable(),
  currency: currencySchema,
  amount: z.number(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  send_on: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  status_label: z.string(),
  paid_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  redeemed_by: z.string().nullable(),
  redeemed_at: z.string().nullable(),
});

/** `GET /api/admin/gift-cards`: the cards sold (newest first) and what the shop owes in cards not yet redeemed. */
export const adminGiftCardsSchema = z.object({
  outstanding: z.array(z.object({ currency: currencySchema, amount: z.number(), cards: z.number().int() })),
  cards: z.array(adminGiftCardSchema),
});

export const adminGiftCardProductsSchema = z.object({ products: z.array(giftCardProductSchema) });

export type GiftCardProductInput = z.infer<typeof giftCardProductInputSchema>;
export type GiftCardProduct = z.infer<typeof giftCardProductSchema>;
export type GiftCardPurchase = z.infer<typeof giftCardPurchaseSchema>;
export type GiftCardPurchaseResponse = z.infer<typeof giftCardPurchaseResponseSchema>;
export type GiftCardVerify = z.infer<typeof giftCardVerifySchema>;
export type GiftCardPaid = z.infer<typeof giftCardPaidSchema>;
export type GiftCardRedeemed = z.infer<typeof giftCardRedeemedSchema>;
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;
export type AdminGiftCards = z.infer<typeof adminGiftCardsSchema>;
