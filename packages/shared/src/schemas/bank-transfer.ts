import { z } from "zod";

/** Paying by bank transfer (NEFT, RTGS, IMPS; issue 44, decision 098): the registry's offline provider. */
export const BANK_TRANSFER_METHOD = "bank_transfer";

/** RBI's IFSC: 4 letters (the bank), a 0 kept for later use, 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const TRANSFER_MODES = ["neft", "rtgs", "imps"] as const;
export type TransferMode = (typeof TRANSFER_MODES)[number];

/**
 * The reference each system gives a transfer (decision 098): NEFT's UTR is 16 letters or digits (the sender's
 * bank code, N, the year and day, a sequence), RTGS's 22 (the bank code, R, the channel, YYYYMMDD, an 8-digit
 * sequence), IMPS's RRN 12 digits.
 */
export const UTR_PATTERNS: Record<TransferMode, { pattern: RegExp; message: string }> = {
  neft: {
    pattern: /^[A-Z]{4}N[A-Z0-9]{11}$/,
    message: "A NEFT UTR is 16 characters: 4 letters, N, then 11 letters or digits",
  },
  rtgs: {
    pattern: /^[A-Z]{4}R[A-Z0-9](19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{8}$/,
    message: "An RTGS UTR is 22 characters: 4 letters, R, the channel, the date as YYYYMMDD and 8 digits",
  },
  imps: { pattern: /^\d{12}$/, message: "An IMPS reference (RRN) is 12 digits" },
};

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is at most ${max} characters`);

/** The seller's account the buyer pays into, as the back office edits it. */
export const bankTransferSettingsSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  account_name: text("Account name", 100),
  bank_name: text("Bank", 100),
  account_number: z
    .string({ error: "Account number is required" })
    .trim()
    .regex(/^\d{9,18}$/, "Account number is 9 to 18 digits"),
  ifsc: z
    .string({ error: "IFSC is required" })
    .trim()
    .toUpperCase()
    .regex(IFSC_PATTERN, "IFSC is 11 characters: 4 letters, 0, then 6 letters or digits (e.g. SBIN0001234)"),
  branch: text("Branch", 100),
  upi_id: z
    .string({ error: "UPI ID must be text" })
    .trim()
    .max(100, "UPI ID is at most 100 characters")
    .regex(/^$|^[a-zA-Z0-9._-]{2,}@[a-zA-Z][a-zA-Z0-9]{1,63}$/, "UPI ID looks like name@bank")
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  days_to_pay: z
    .number({ error: "Days to pay must be a number" })
    .int("Days to pay must be a whole number")
    .min(1, "Days to pay is at least 1")
    .max(30, "Days to pay is at most 30"),
});
/** The account as the back office reads it back (no input transforms: a response is only checked). */
export const bankTransferSettingsViewSchema = z.object({
  enabled: z.boolean(),
  account_name: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  branch: z.string(),
  upi_id: z.string().nullable(),
  days_to_pay: z.number().int(),
});

/** Today as an ISO day in India (the day a transfer reached the seller's account). */
export const indianToday = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** `POST /api/admin/orders/:id/bank-transfers`: a transfer the seller saw arrive. */
export const recordBankTransferSchema = z
  .object({
    mode: z.enum(TRANSFER_MODES, { error: "mode must be neft, rtgs or imps" }),
    utr: z.string({ error: "UTR is required" }).trim().toUpperCase().max(40, "UTR is too long"),
    amount_minor: z
      .number({ error: "Amount must be a number" })
      .int("Amount must be whole paise")
      .positive("Amount must be more than 0")
      .max(2_000_000_000, "Amount is too large"),
    received_on: z
      .string({ error: "Date is required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be YYYY-MM-DD")
      .refine(
        (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
        "Date is not a real day",
      )
      .refine((d) => d <= indianToday(), "Date cannot be in the future"),
  })
  .superRefine((v, ctx) => {
    const rule = UTR_PATTERNS[v.mode];
    if (!rule.pattern.test(v.utr)) ctx.addIssue({ code: "custom", path: ["utr"], message: rule.message });
  });

/** `POST /api/admin/orders/:id/bank-transfers/sent-back`: a transfer owed back, now made, with its reference. */
export const sentBackTransferSchema = z.object({
  refund_id: z
    .number({ error: "refund_id must be a number" })
    .int("refund_id must be a whole number")
    .positive("refund_id must be positive")
    .max(2_147_483_647, "refund_id is too large"),
  reference: z
    .string({ error: "Enter the transfer's reference." })
    .trim()
    .min(1, "Enter the transfer's reference.")
    .max(100, "The reference is at most 100 characters"),
});
export type SentBackTransfer = z.infer<typeof sentBackTransferSchema>;

/** A transfer as the order shows it (major units). */
export const bankTransferLineSchema = z.object({
  mode: z.enum(TRANSFER_MODES),
  utr: z.string(),
  amount: z.number(),
  received_on: z.string(),
});

/** What a bank-transfer order shows its buyer and the seller: where to pay, what to quote, what is in. */
export const orderBankTransferSchema = z.object({
  account_name: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  branch: z.string(),
  upi_id: z.string().nullable(),
  /** To quote with the transfer. */
  reference: z.string(),
  /** Major units of the order's currency. */
  amount: z.number(),
  paid: z.number(),
  balance_due: z.number(),
  /** Money received on an order that lapsed or was cancelled, which the seller owes back. */
  owed_back: z.number(),
  pay_by: z.string().nullable(),
  transfers: z.array(bankTransferLineSchema),
});

export type BankTransferSettings = z.infer<typeof bankTransferSettingsViewSchema>;
export type RecordBankTransfer = z.infer<typeof recordBankTransferSchema>;
export type OrderBankTransfer = z.infer<typeof orderBankTransferSchema>;

/** The reference a buyer quotes: short, unique per order, read from its number. */
export const bankTransferReference = (orderId: number) => `BT${String(orderId).padStart(6, "0")}`;
