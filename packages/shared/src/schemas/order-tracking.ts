import { z } from "zod";
import { INTERNATIONAL_PHONE_TEXT, internationalPhone } from "../phone";
import { requiredText } from "./input-rules";

/** One step of an order's history as the shopper sees it: placed, paid, shipped, delivered... */
export const orderTimelineEntrySchema = z.object({
  at: z.string(),
  label: z.string(),
  /** What the shopper should do about this step, when there is something (a parcel held at customs). */
  detail: z.string().optional(),
});

/** `GET /api/orders/:id?token=`: a guest's way in, the secret of the e-mails' links (the owner needs none). */
export const orderPageQuerySchema = z.object({
  token: z.string().min(1, "token must not be empty").max(200, "token is too long").optional(),
});

/** The order's contact as the lookup compares it: the e-mail in lower case, or the phone's international digits. */
export type LookupContact = { email: string } | { phone: string };

export const LOOKUP_CONTACT_TEXT = `Enter the e-mail address you ordered with, or ${INTERNATIONAL_PHONE_TEXT}.`;
/** The lookup form's hint under its contact field. */
export const LOOKUP_CONTACT_HINT = "A phone number with its country code, such as +91 98290 12345.";

/**
 * `POST /api/orders/lookup`: the order number with the full contact it was placed with: the e-mail (any case),
 * or the phone number with its country code (decision 062). Anything else is a 400 saying how to write it.
 */
export const orderLookupRequestSchema = z.object({
  order_number: requiredText("order_number", 20, { missing: "Please enter your order number." })
    .regex(/^#?\d{1,9}$/, "order_number must be a number such as 1024 (from your confirmation e-mail)")
    .transform((value) => Number(value.replace("#", ""))),
  contact: requiredText("contact", 254, {
    missing: "Please enter the e-mail or phone number used for the order.",
  }).transform((value, ctx): LookupContact => {
    if (value.includes("@") && z.email().safeParse(value).success) return { email: value.toLowerCase() };
    const phone = internationalPhone(value);
    if (phone) return { phone };
    ctx.addIssue({ code: "custom", message: LOOKUP_CONTACT_TEXT });
    return z.NEVER;
  }),
});

/** Where the order's page is: `/orders/:id?token=...`. */
export const orderLookupResponseSchema = z.object({
  data: z.object({ order_id: z.number().int(), path: z.string() }),
});

export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;
export type OrderLookupRequest = z.input<typeof orderLookupRequestSchema>;
export type OrderLookupResponse = z.infer<typeof orderLookupResponseSchema>;
