import { z } from "zod";
import { INDIAN_PIN_CODE } from "../gst";
import { cartIdSchema } from "./cart";
import { SHIPPING_METHOD_CODES } from "../shipping-methods";

/**
 * The seller's cash-on-delivery rules (issue 43 point 2, decision 093). A rule's scope says whom it covers;
 * the most specific rule wins: a customer, then a PIN code, then an area (a PIN prefix, three digits before
 * two), then the shop's default. Money in paise.
 */
export const COD_RULE_SCOPES = ["customer", "pincode", "area", "shop"] as const;
export type CodRuleScope = (typeof COD_RULE_SCOPES)[number];

/** allowed; cap: up to `cap_minor`; advance: a part paid online now; prepaid_only: no cash on delivery. */
export const COD_RULE_ACTIONS = ["allowed", "cap", "advance", "prepaid_only"] as const;
export type CodRuleAction = (typeof COD_RULE_ACTIONS)[number];

export const COD_SCOPE_TITLES: Record<CodRuleScope, string> = {
  customer: "Customer",
  pincode: "PIN code",
  area: "Area (PIN prefix)",
  shop: "Whole shop",
};

export const COD_ACTION_TITLES: Record<CodRuleAction, string> = {
  allowed: "Cash on delivery allowed",
  cap: "Cash on delivery up to a value",
  advance: "Cash on delivery with an advance paid online",
  prepaid_only: "Prepaid only",
};

const AREA = /^[1-9]\d{1,2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^[6-9]\d{9}$/;

/** A customer's key as rules store it: the e-mail in lower case, or the 10-digit Indian mobile number. */
export function customerKey(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  if (EMAIL.test(text)) return text;
  const digits = text.replace(/[\s-]/g, "").replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, "");
  return MOBILE.test(digits) ? digits : null;
}

/** The key a scope takes, normalised, or the message saying what it should be. */
export function codRuleKey(scope: CodRuleScope, raw: string): { key: string } | { message: string } {
  const text = raw.trim();
  switch (scope) {
    case "shop":
      return text === "" ? { key: "" } : { message: "The whole-shop rule has no key: leave it empty" };
    case "pincode":
      return INDIAN_PIN_CODE.test(text) ? { key: text } : { message: "Enter a 6-digit PIN code" };
    case "area":
      return AREA.test(text) ? { key: text } : { message: "Enter the first 2 or 3 digits of the PIN codes" };
    case "customer": {
      const key = customerKey(text);
      return key ? { key } : { message: "Enter the customer's e-mail address or 10-digit mobile number" };
    }
  }
}

const paise = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of paise` })
    .int(`${field} must be a whole number of paise`)
    .min(0, `${field} cannot be negative`)
    .max(100_000_000, `${field} is too large`);

/** What a rule (or a flagged history default) does: the action and the figures it needs. */
const actionFields = {
  action: z.enum(COD_RULE_ACTIONS, { error: `action must be one of ${COD_RULE_ACTIONS.join(", ")}` }),
  cap_minor: paise("cap_minor").min(100, "cap_minor must be at least ₹1 (100 paise)").nullish(),
  advance_percent: z
    .number({ error: "advance_percent must be a whole number" })
    .int("advance_percent must be a whole number")
    .min(1, "advance_percent must be between 1 and 90")
    .max(90, "advance_percent must be between 1 and 90")
    .nullish(),
  advance_min_minor: paise("advance_min_minor").nullish(),
};

type ActionFields = {
  action: CodRuleAction;
  cap_minor?: number | null;
  advance_percent?: number | null;
  advance_min_minor?: number | null;
};

/** Each action names exactly the figures it uses: a cap its value, an advance its percent (and minimum). */
function checkActionFields(body: ActionFields, ctx: z.RefinementCtx) {
  const need = (path: keyof ActionFields, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (body.action === "cap" && body.cap_minor == null)
    need("cap_minor", "A cap needs cap_minor, the largest COD total");
  if (body.action !== "cap" && body.cap_minor != null) need("cap_minor", "cap_minor is only for the cap action");
  if (body.action === "advance" && body.advance_percent == null)
    need("advance_percent", "An advance needs advance_percent, the share of the total paid online");
  if (body.action !== "advance" && (body.advance_percent != null || body.advance_min_minor != null))
    need(
      body.advance_percent != null ? "advance_percent" : "advance_min_minor",
      "Advance figures are only for the advance action",
    );
}

/** `POST /api/admin/cod-rules` and `PATCH /api/admin/cod-rules/:id` (the whole rule, replaced). */
export const codRuleInputSchema = z
  .object({
    scope: z.enum(COD_RULE_SCOPES, { error: `scope must be one of ${COD_RULE_SCOPES.join(", ")}` }),
    key: z.string({ error: "key must be text" }).max(254, "key is too long").default(""),
    ...actionFields,
    note: z.string({ error: "note must be text" }).trim().max(200, "note has at most 200 characters").default(""),
  })
  .superRefine((body, ctx) => {
    const key = codRuleKey(body.scope, body.key);
    if ("message" in key) ctx.addIssue({ code: "custom", path: ["key"], message: key.message });
    checkActionFields(body, ctx);
  })
  .transform((body) => {
    const key = codRuleKey(body.scope, body.key);
    return {
      ...body,
      key: "key" in key ? key.key : body.key,
      cap_minor: body.cap_minor ?? null,
      advance_percent: body.advance_percent ?? null,
      advance_min_minor: body.action === "advance" ? (body.advance_min_minor ?? 0) : null,
    };
  });
export type CodRuleInput = z.output<typeof codRuleInputSchema>;

export const codRuleSchema = z.object({
  id: z.number().int(),
  scope: z.enum(COD_RULE_SCOPES),
  key: z.string(),
  action: z.enum(COD_RULE_ACTIONS),
  cap_minor: z.number().int().nullable(),
  advance_percent: z.number().int().nullable(),
  advance_min_minor: z.number().int().nullable(),
  note: z.string(),
  updated_at: z.string(),
});
export type CodRule = z.infer<typeof codRuleSchema>;

/**
 * The defaults from the store's own history: a PIN code or customer with at least `min_parcels` COD parcels
 * ended (delivered or back to the seller) in the last `lookback_days`, more than `return_share_percent` of them
 * returned, gets `action` unless the seller set a rule for it.
 */
export const codHistorySettingsSchema = z
  .object({
    enabled: z.boolean({ error: "enabled must be true or false" }),
    return_share_percent: z
      .number({ error: "return_share_percent must be a whole number" })
      .int("return_share_percent must be a whole number")
      .min(1, "return_share_percent must be between 1 and 100")
      .max(100, "return_share_percent must be between 1 and 100"),
    min_parcels: z
      .number({ error: "min_parcels must be a whole number" })
      .int("min_parcels must be a whole number")
      .min(1, "min_parcels must be between 1 and 1000")
      .max(1000, "min_parcels must be between 1 and 1000"),
    lookback_days: z
      .number({ error: "lookback_days must be a whole number" })
      .int("lookback_days must be a whole number")
      .min(7, "lookback_days must be between 7 and 730")
      .max(730, "lookback_days must be between 7 and 730"),
    ...actionFields,
  })
  .superRefine((body, ctx) => {
    if (body.action === "allowed")
      ctx.addIssue({
        code: "custom",
        path: ["action"],
        message: "A flagged PIN code or customer needs a limit: cap, advance or prepaid_only",
      });
    checkActionFields(body, ctx);
  })
  .transform((body) => ({
    ...body,
    cap_minor: body.cap_minor ?? null,
    advance_percent: body.advance_percent ?? null,
    advance_min_minor: body.action === "advance" ? (body.advance_min_minor ?? 0) : null,
  }));
export type CodHistorySettings = z.output<typeof codHistorySettingsSchema>;

/** A PIN code or customer the history flags, with its figures; `overridden`: the seller's own rule covers it. */
export const codFlaggedSchema = z.object({
  scope: z.enum(["customer", "pincode"]),
  key: z.string(),
  parcels: z.number().int(),
  returned: z.number().int(),
  overridden: z.boolean(),
});
export type CodFlagged = z.infer<typeof codFlaggedSchema>;

/** `GET` and `PUT /api/admin/cod-history`: the settings and what they flag now. */
export const codHistoryResponseSchema = z.object({
  settings: z.object({
    enabled: z.boolean(),
    return_share_percent: z.number().int(),
    min_parcels: z.number().int(),
    lookback_days: z.number().int(),
    action: z.enum(COD_RULE_ACTIONS),
    cap_minor: z.number().int().nullable(),
    advance_percent: z.number().int().nullable(),
    advance_min_minor: z.number().int().nullable(),
  }),
  flagged: z.array(codFlaggedSchema),
});
export type CodHistoryResponse = z.infer<typeof codHistoryResponseSchema>;

/** `GET /api/cod-offer/`: the checkout asks before the shopper chooses how to pay. */
export const codOfferQuerySchema = z.object({
  cart_id: cartIdSchema,
  pin_code: z.string({ error: "pin_code is required" }).regex(INDIAN_PIN_CODE, "pin_code must be a 6-digit PIN code"),
  shipping_method: z.enum(SHIPPING_METHOD_CODES, { error: "shipping_method is not a shipping method" }).optional(),
  promo_code: z.string().trim().max(50, "promo_code is too long").optional(),
  email: z.string().trim().max(254, "email is too long").optional(),
  mobile_number: z.string().trim().max(20, "mobile_number is too long").optional(),
});
export type CodOfferQuery = z.infer<typeof codOfferQuerySchema>;

/**
 * `cod`: allowed, allowed with an advance, or refused. Paise: the order's total for cash on delivery, the
 * advance paid online now and what is paid at the door. `sentence`: the one plain sentence the checkout shows
 * (null when cash on delivery is simply allowed).
 */
export const codOfferSchema = z.object({
  cod: z.enum(["allowed", "advance", "refused"]),
  total_minor: z.number().int(),
  advance_minor: z.number().int(),
  at_door_minor: z.number().int(),
  sentence: z.string().nullable(),
});
export type CodOffer = z.infer<typeof codOfferSchema>;
