import { z } from "zod";
import { requiredText } from "./input-rules";

/** One step of an order's history as the shopper sees it: placed, paid, shipped, delivered... */
export const orderTimelineEntrySchema = z.object({
  at: z.string(),
  label: z.string(),
});

/** `GET /api/orders/:id?token=`: a guest's way in, the secret of the e-mails' links (the owner needs none). */
export const orderPageQuerySchema = z.object({
  token: z.string().min(1, "token must not be empty").max(200, "token is too long").optional(),
});

/** `POST /api/orders/lookup`: the order number with the e-mail or phone number it was placed with. */
export const orderLookupRequestSchema = z.object({
  order_number: requiredText("order_number", 20, { missing: "Please enter your order number." })
    .regex(/^#?\d{1,9}$/, "order_number must be a number such as 1024 (from your confirmation e-mail)")
    .transform((value) => Number(value.replace("#", ""))),
  contact: requiredText("contact", 254, { missing: "Please enter the e-mail or phone number used for the order." }),
});

/** Where the order's page is: `/orders/:id?token=...`. */
export const orderLookupResponseSchema = z.object({
  data: z.object({ order_id: z.number().int(), path: z.string() }),
});

export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;
export type OrderLookupRequest = z.input<typeof orderLookupRequestSchema>;
export type OrderLookupResponse = z.infer<typeof orderLookupResponseSchema>;
