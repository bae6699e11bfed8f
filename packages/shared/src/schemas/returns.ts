import { z } from "zod";
import { RETURN_POLICY } from "../policy-terms";
import { currencySchema } from "./common";
import { shopperPhotoSchema } from "./admin-common";
import { requiredText, text } from "./input-rules";
import { REFUND_VIAS } from "./store-credit";

export const RETURN_PHOTOS_MAX = 3;

export const RETURN_KINDS = ["return", "exchange"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * requested -> approved (a return pickup is booked) | refused; approved -> received (the parcel is back, to
 * be checked); received -> inspected (decision 059): rejected (nothing refunded, with the reason and photos),
 * or accepted, whole or in part. An accepted return is then refunding (online: through the provider, until
 * it says the money is back), or refund_due until the seller pays a cash-on-delivery shopper by UPI or bank
 * transfer; either ends refunded. An accepted exchange ships the new size (accepted -> exchanged).
 */
export const RETURN_STATUSES = [
  "requested",
  "approved",
  "refused",
  "received",
  "refund_due",
  "refunded",
  "exchanged",
  "refunding",
  "accepted",
  "rejected",
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved: pickup booked",
  refused: "Refused",
  received: "Received: being checked",
  refund_due: "Accepted: refund being sent",
  refunding: "Accepted: refund on its way",
  refunded: "Refunded",
  accepted: "Accepted: new size being sent",
  exchanged: "Exchanged: new size shipped",
  rejected: "Not accepted after checking",
};

/** A return refunded into the account's store credit (issue 42), as its status reads. */
export const RETURN_REFUNDED_AS_CREDIT_LABEL = "Refunded as store credit";

/** Requests still being worked through: the order cannot also be refunded whole meanwhile. */
export const OPEN_RETURN_STATUSES = [
  "requested",
  "approved",
  "received",
  "accepted",
  "refunding",
  "refund_due",
] as const satisfies readonly ReturnStatus[];

/** What the seller decides once the parcel is checked. */
export const RETURN_OUTCOMES = ["accept", "accept_part", "reject"] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

export const RETURN_REASONS = [
  "Size does not fit",
  "Damaged or defective",
  "Not as described or shown",
  "Wrong item received",
  "Changed my mind",
] as const;

/** The policy's words for a request that comes too late, with where to write instead. */
export const RETURN_WINDOW_CLOSED = `Returns and exchanges can be asked for within ${RETURN_POLICY.returnRequestWindow} (our Refund & Return Policy), and that time has passed for this order. Please contact us at /contact-us and we will see what we can do.`;

/** Where a cash-on-delivery shopper's refund goes: the seller pays it by hand and marks it paid. */
export const refundDestinationSchema = z.discriminatedUnion(
  "method",
  [
    z.object({
      method: z.literal("upi"),
      upi_id: requiredText("upi_id", 100).regex(
        /^[a-zA-Z0-9._-]{2,64}@[a-zA-Z][a-zA-Z0-9]{1,63}$/,
        "upi_id must look like name@bank (for example asha@okaxis)",
      ),
    }),
    z.object({
      method: z.literal("bank"),
      account_name: requiredText("account_name", 120),
      account_number: requiredText("account_number", 20).regex(/^\d{9,18}$/, "account_number must be 9 to 18 digits"),
      ifsc: requiredText("ifsc", 11)
        .transform((value) => value.toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, "ifsc must be 11 characters such as SBIN0001234")),
    }),
  ],
  { error: "refund_to.method must be upi or bank" },
);

/** `POST /api/orders/:id/returns`: pieces of a delivered order to send back, for a refund or another size. */
export const returnRequestSchema = z
  .object({
    kind: z.enum(RETURN_KINDS, { error: "kind must be return or exchange" }),
    reason: z.enum(RETURN_REASONS, { error: "Please choose a reason" }),
    details: text("details", 1000, { multiline: true })
      .optional()
      .transform((value) => value ?? ""),
    lines: z
      .array(
        z.object({
          line_id: z.number({ error: "line_id must be a number" }).int().positive().max(2_147_483_647),
          quantity: z
            .number({ error: "quantity must be a number" })
            .int()
            .min(1, "quantity must be at least 1")
            .max(99),
          exchange_size: z.string().max(10, "exchange_size is too long").optional(),
        }),
        { error: "Choose the pieces to send back" },
      )
      .min(1, "Choose the pieces to send back")
      .max(50, "Too many lines"),
    photos: z
      .array(shopperPhotoSchema)
      .max(RETURN_PHOTOS_MAX, `Add at most ${RETURN_PHOTOS_MAX} photos`)
      .optional()
      .transform((value) => value ?? []),
    refund_to: refundDestinationSchema.optional(),
    /** Where the refund goes once accepted: the original payment (the default) or the account's store credit. */
    refund_via: z
      .enum(REFUND_VIAS, { error: "refund_via must be original or store_credit" })
      .optional()
      .transform((value) => value ?? "original"),
  })
  .superRefine((body, ctx) => {
    body.lines.forEach((line, i) => {
      if (body.kind === "exchange" && !line.exchange_size)
        ctx.addIssue({
          code: "custom",
          path: ["lines", i, "exchange_size"],
          message: "Choose the size you want instead",
        });
      if (body.kind === "return" && line.exchange_size)
        ctx.addIssue({ code: "custom", path: ["lines", i, "exchange_size"], message: "A return has no new size" });
    });
    if (new Set(body.lines.map((l) => l.line_id)).size !== body.lines.length)
      ctx.addIssue({ code: "custom", path: ["lines"], message: "Each line once, please" });
    if (body.kind === "exchange" && body.refund_via === "store_credit")
      ctx.addIssue({ code: "custom", path: ["refund_via"], message: "An exchange has no refund" });
  });

export const returnViewSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  status_label: z.string(),
  reason: z.string(),
  details: z.string(),
  lines: z.array(
    z.object({
      /** The request's own line. */
      id: z.number().int(),
      line_id: z.number().int(),
      product_name: z.string(),
      size: z.string(),
      quantity: z.number().int(),
      exchange_size: z.string().nullable(),
      /** After the check: pieces back on sale (the rest written off); null before. */
      restocked: z.number().int().nullable(),
    }),
  ),
  photos: z.array(z.string()),
  currency: currencySchema,
  /** What the shopper gets back for the pieces as asked (major units), 0 for an exchange. */
  refund: z.number(),
  /** What the seller accepted to refund once the parcel was checked (major units); null before the check. */
  accepted_refund: z.number().nullable(),
  /** The seller's check of the parcel: why (when not accepted whole) and the photos taken; null before. */
  inspection: z.object({ note: z.string(), photos: z.array(z.string()), at: z.string() }).nullable(),
  /** Where the accepted refund goes: the original payment (or a cash refund's transfer) or store credit. */
  refund_via: z.enum(REFUND_VIAS),
  /** Where a cash-on-delivery refund goes, masked ("UPI asha@okaxis", "Bank account ending 4321"); null otherwise. */
  refund_to: z.string().nullable(),
  /** The return pickup, once the courier booked it. */
  pickup: z.object({ awb: z.string(), courier: z.string(), tracking_url: z.string().nullable() }).nullable(),
  /** An order delivered abroad: no courier pickup, the shopper sends the parcel back at their cost (decision 085). */
  sent_by_shopper: z.boolean(),
  /** The parcel the shopper sent back, as they told us (its carrier and tracking number); null before. */
  shopper_parcel: z.object({ carrier: z.string(), tracking_number: z.string(), sent_at: z.string() }).nullable(),
  seller_note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** On an order's page: its return requests and until when one can be asked. */
export const orderReturnsSchema = z.object({
  returns: z.array(returnViewSchema),
  /** When the 48 hours after delivery end; null before delivery. */
  return_window_closes_at: z.string().nullable(),
});

export const returnResponseSchema = z.object({ data: returnViewSchema });

export type RefundDestination = z.infer<typeof refundDestinationSchema>;
export type ReturnRequest = z.infer<typeof returnRequestSchema>;
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;
export type ReturnView = z.infer<typeof returnViewSchema>;
export type OrderReturns = z.infer<typeof orderReturnsSchema>;

/** The seller's view adds what the shopper is not shown again: where to send a cash refund, and its reference. */
export const adminReturnViewSchema = returnViewSchema.extend({
  customer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string() }),
  payout: z
    .object({
      method: z.enum(["upi", "bank"]),
      upi_id: z.string().optional(),
      account_name: z.string().optional(),
      account_number: z.string().optional(),
      ifsc: z.string().optional(),
    })
    .nullable(),
  payout_reference: z.string().nullable(),
});

/** `to_handle`: requests waiting for the seller (to decide, to check, to pay back, a refund that failed). */
export const RETURNS_VIEWS = ["to_handle"] as const;
export type ReturnsView = (typeof RETURNS_VIEWS)[number];

export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(", ")}` }).optional(),
  view: z.enum(RETURNS_VIEWS, { error: "view must be to_handle" }).optional(),
});
export const adminReturnsResponseSchema = z.object({ data: z.array(adminReturnViewSchema) });

/** Approving: an optional word for the shopper (when the courier will come, how to pack). */
export const returnApprovalSchema = z.object({
  note: text("note", 1000, { multiline: true })
    .optional()
    .transform((value) => value ?? ""),
});
/** Refusing: the reason the shopper is told. */
export const returnRefusalSchema = z.object({
  note: requiredText("note", 1000, { multiline: true, missing: "Tell the shopper why the request is refused." }),
});
const RETURN_INSPECTION_MESSAGES = {
  outcome: "Choose accept, accept part or reject",
  amount: "Enter the amount to refund, more than 0",
  noAmount: "Only a part acceptance takes an amount",
  note: "Tell the shopper why",
  exchangePart: "An exchange is accepted whole or rejected",
  sameLineTwice: "Each line once, please",
} as const;

/**
 * `POST /api/admin/returns/:id/inspect`: the parcel checked. Accepted whole, in part (the amount to refund, in
 * major units of the order's currency, with the reason), or rejected (with the reason); photos of what was found;
 * for an accepted parcel, how many pieces of each line go back on sale (the rest are written off).
 */
export const returnInspectionSchema = z
  .object({
    outcome: z.enum(RETURN_OUTCOMES, { error: RETURN_INSPECTION_MESSAGES.outcome }),
    refund_amount: z
      .number({ error: RETURN_INSPECTION_MESSAGES.amount })
      .positive(RETURN_INSPECTION_MESSAGES.amount)
      .max(10_000_000, "The amount is too large")
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "Use at most two decimals")
      .optional(),
    note: text("note", 1000, { multiline: true })
      .optional()
      .transform((value) => value ?? ""),
    photos: z
      .array(shopperPhotoSchema)
      .max(RETURN_PHOTOS_MAX, `Add at most ${RETURN_PHOTOS_MAX} photos`)
      .optional()
      .transform((value) => value ?? []),
    lines: z
      .array(
        z.object({
          id: z.number({ error: "id must be a number" }).int().positive().max(2_147_483_647),
          restock: z.number({ error: "restock must be a number" }).int().min(0, "restock cannot be negative").max(99),
        }),
      )
      .max(50, "Too many lines")
      .optional()
      .transform((value) => value ?? []),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === "accept_part" && body.refund_amount === undefined)
      ctx.addIssue({ code: "custom", path: ["refund_amount"], message: RETURN_INSPECTION_MESSAGES.amount });
    if (body.outcome !== "accept_part" && body.refund_amount !== undefined)
      ctx.addIssue({ code: "custom", path: ["refund_amount"], message: RETURN_INSPECTION_MESSAGES.noAmount });
    if (body.outcome !== "accept" && !body.note)
      ctx.addIssue({ code: "custom", path: ["note"], message: RETURN_INSPECTION_MESSAGES.note });
    if (new Set(body.lines.map((l) => l.id)).size !== body.lines.length)
      ctx.addIssue({ code: "custom", path: ["lines"], message: RETURN_INSPECTION_MESSAGES.sameLineTwice });
  });
export { RETURN_INSPECTION_MESSAGES };

/**
 * `POST /api/orders/:id/returns/:returnId/parcel`: the parcel a shopper abroad sent back themselves, with the
 * carrier they chose (any, so free text) and its tracking number (letters and digits; spaces and dashes dropped).
 */
export const returnParcelSentSchema = z.object({
  carrier: requiredText("carrier", 60, { missing: "Enter the carrier you sent the parcel with." }),
  tracking_number: requiredText("tracking_number", 40, { missing: "Enter the parcel's tracking number." })
    .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z0-9]{6,35}$/, "tracking_number must be 6 to 35 letters and digits, as on the carrier's receipt"),
    ),
});
export type ReturnParcelSent = z.infer<typeof returnParcelSentSchema>;
export type ReturnParcelSentInput = z.input<typeof returnParcelSentSchema>;

/** A cash-on-delivery refund paid by hand: the UPI or bank transfer's reference. */
export const refundPaidSchema = z.object({
  reference: requiredText("reference", 100, { missing: "Enter the UPI or bank transfer's reference." }),
});

/** A step's answer: the request as it now is, and what did not work after the step (a courier that was down). */
export const adminReturnStepResponseSchema = z.object({
  data: adminReturnViewSchema,
  problem: z.string().nullable(),
});

export type AdminReturnView = z.infer<typeof adminReturnViewSchema>;
export type ReturnInspection = z.infer<typeof returnInspectionSchema>;
export type ReturnInspectionInput = z.input<typeof returnInspectionSchema>;
export type AdminReturnStepResponse = z.infer<typeof adminReturnStepResponseSchema>;
