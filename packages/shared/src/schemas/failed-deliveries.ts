import { z } from "zod";
import { phoneProblem } from "../phone-check";
import { deliveryAddressFields } from "./create-order";
import { calendarDay } from "./input-rules";

/** Why the courier could not deliver (its NDR reason, read from its words). */
export const NDR_REASONS = ["not_available", "address_incomplete", "refused", "reschedule", "other"] as const;
export type NdrReason = (typeof NDR_REASONS)[number];

export const NDR_REASON_LABELS: Record<NdrReason, string> = {
  not_available: "Nobody was available to receive it",
  address_incomplete: "The address was incomplete or could not be found",
  refused: "The parcel was refused at the door",
  reschedule: "Delivery was asked for another day",
  other: "The courier could not deliver it",
};

/** How many days ahead a shopper may ask the courier to come again (couriers hold a parcel about a week). */
export const NDR_RESCHEDULE_DAYS = 5;

/** India's calendar day `days` after `now`, YYYY-MM-DD: the choosable dates are counted in IST. */
export function istDay(now: Date, days: number): string {
  return new Date(now.getTime() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The dates a shopper may choose for the next attempt: tomorrow to NDR_RESCHEDULE_DAYS ahead, IST. */
export function rescheduleDays(now: Date): string[] {
  return Array.from({ length: NDR_RESCHEDULE_DAYS }, (_, i) => istDay(now, i + 1));
}

/**
 * `POST /api/deliveries/:id/answer?token=`: the shopper's choice after a failed attempt. Reattempt on a date,
 * with the street address and phone corrected where they were wrong (checkout's fields and rules; the PIN code,
 * city and state stay, as couriers change neither on a reattempt); or cancel the delivery (the parcel goes back).
 */
export const ndrAnswerSchema = z.discriminatedUnion(
  "action",
  [
    z
      .object({
        action: z.literal("reattempt"),
        date: calendarDay,
        delivery_address: deliveryAddressFields.delivery_address.optional(),
        mobile_number: deliveryAddressFields.mobile_number.optional(),
      })
      .superRefine((body, ctx) => {
        if (!body.mobile_number) return;
        const problem = phoneProblem("+91", body.mobile_number, "IN");
        if (problem) ctx.addIssue({ code: "custom", path: ["mobile_number"], message: problem });
      }),
    z.object({ action: z.literal("cancel") }),
  ],
  { error: "action must be reattempt or cancel" },
);
export type NdrAnswer = z.infer<typeof ndrAnswerSchema>;

export const ndrLinkQuerySchema = z.object({ token: z.string().min(1).max(100) });
export const ndrIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const answerView = z
  .object({
    action: z.enum(["reattempt", "cancel"]),
    date: z.string().nullable(),
    delivery_address: z.string().nullable(),
    mobile_number: z.string().nullable(),
    answered_at: z.string(),
  })
  .nullable();

/** What the shopper's link page shows: the attempt, the address the courier has, the dates to choose from. */
export const ndrLinkViewSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  attempt: z.number(),
  reason: z.enum(NDR_REASONS),
  reason_text: z.string(),
  attempted_at: z.string(),
  expires_at: z.string(),
  delivery_name: z.string(),
  delivery_address: z.string(),
  city: z.string(),
  pin_code: z.string(),
  mobile_number: z.string(),
  dates: z.array(z.string()),
  answer: answerView,
  /** The seller already told the courier (or the parcel moved on): nothing more to choose. */
  closed: z.boolean(),
});
export type NdrLinkView = z.infer<typeof ndrLinkViewSchema>;

/** One open failed delivery in the seller's queue. */
export const adminNdrSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  awb: z.string().nullable(),
  courier: z.string().nullable(),
  attempt: z.number(),
  reason: z.enum(NDR_REASONS),
  reason_text: z.string(),
  courier_remark: z.string().nullable(),
  attempted_at: z.string(),
  age_hours: z.number(),
  delivery_name: z.string(),
  city: z.string(),
  answer: answerView,
});
export const adminNdrListSchema = z.object({ items: z.array(adminNdrSchema) });
export type AdminNdr = z.infer<typeof adminNdrSchema>;
export type AdminNdrList = z.infer<typeof adminNdrListSchema>;

/** What the seller's click did: the courier was told, the row closed. */
export const adminNdrActionResultSchema = z.object({
  id: z.number(),
  resolution: z.enum(["reattempt", "return"]),
  message: z.string(),
});
export type AdminNdrActionResult = z.infer<typeof adminNdrActionResultSchema>;
