import { z } from "zod";
import { CURRENCIES } from "../constants";
import { currencySchema } from "./common";
import { requiredText, text } from "./input-rules";

/**
 * Every movement of a shopper's store credit (issue 42, decision 087): credit issued by an accepted return,
 * the seller's goodwill adjustment (either sign), a gift card redeemed into the account, credit spent on an
 * order, and that spend given back when the order is cancelled, expires or is refunded.
 */
export const STORE_CREDIT_KINDS = ["return", "goodwill", "gift_card", "spent", "given_back"] as const;
export type StoreCreditKind = (typeof STORE_CREDIT_KINDS)[number];

/** The shopper's words for each movement (the account page, the back office's ledger). */
export const STORE_CREDIT_KIND_LABELS: Record<StoreCreditKind, string> = {
  return: "Refund of a return",
  goodwill: "Adjustment by the shop",
  gift_card: "Gift card added",
  spent: "Spent on an order",
  given_back: "Given back from an order",
};

/** Where an accepted return's money goes: back to how the order was paid, or into the account's store credit. */
export const REFUND_VIAS = ["original", "store_credit"] as const;
export type RefundVia = (typeof REFUND_VIAS)[number];
export const REFUND_VIA_LABELS: Record<RefundVia, string> = {
  original: "Original payment",
  store_credit: "Store credit",
};

export const storeCreditBalanceSchema = z.object({
  currency: currencySchema,
  /** Major units (rupees, dollars); never below 0. */
  amount: z.number(),
});

export const storeCreditEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(STORE_CREDIT_KINDS),
  label: z.string(),
  currency: currencySchema,
  /** Major units, signed: a credit is positive, a debit negative. */
  amount: z.number(),
  order_id: z.number().int().nullable(),
  return_id: z.number().int().nullable(),
  reason: z.string(),
  created_at: z.string(),
});

/** `GET /api/store-credit/`: the signed-in shopper's balance in each currency they hold, and every movement. */
export const storeCreditViewSchema = z.object({
  balances: z.array(storeCreditBalanceSchema),
  history: z.array(storeCreditEntrySchema),
});

export const adminStoreCreditQuerySchema = z.object({
  query: text("query", 100).optional(),
});

/** One shopper's non-zero balance in one currency (a shopper with credit in both currencies has two rows). */
export const storeCreditHolderSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  currency: currencySchema,
  amount: z.number(),
});

/**
 * `GET /api/admin/store-credit`: what the shop owes in each currency, and to whom (largest first). With a
 * query, `accounts` also lists shoppers' accounts matching it, with or without credit, to open one's ledger
 * (a first goodwill credit).
 */
export const adminStoreCreditOverviewSchema = z.object({
  owed: z.array(storeCreditBalanceSchema),
  holders: z.array(storeCreditHolderSchema),
  accounts: z.array(z.object({ user_id: z.number().int(), name: z.string(), email: z.string() })),
});

/** `GET /api/admin/store-credit/:id`: one shopper's balances and ledger, newest first. */
export const adminStoreCreditLedgerSchema = z.object({
  shopper: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  balances: z.array(storeCreditBalanceSchema),
  history: z.array(storeCreditEntrySchema.extend({ by: z.string().nullable() })),
});

/**
 * `POST /api/admin/store-credit/:id/adjust`: the seller's goodwill credit (positive) or correction (negative),
 * in major units of the currency with at most two decimals, always with the reason (it is audited and shown).
 */
export const storeCreditAdjustmentSchema = z.object({
  currency: z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(", ")}` }),
  amount: z
    .number({ error: "Enter the amount, for example 500 or -200" })
    .refine((v) => v !== 0, "The amount cannot be 0")
    .refine((v) => Math.abs(v) <= 1_000_000, "The amount is too large")
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "Use at most two decimals"),
  reason: requiredText("reason", 500, { missing: "Say why: the shopper sees it in their history." }),
});

export type StoreCreditBalance = z.infer<typeof storeCreditBalanceSchema>;
export type StoreCreditEntry = z.infer<typeof storeCreditEntrySchema>;
export type StoreCreditView = z.infer<typeof storeCreditViewSchema>;
export type AdminStoreCreditOverview = z.infer<typeof adminStoreCreditOverviewSchema>;
export type AdminStoreCreditLedger = z.infer<typeof adminStoreCreditLedgerSchema>;
export type StoreCreditAdjustment = z.infer<typeof storeCreditAdjustmentSchema>;
