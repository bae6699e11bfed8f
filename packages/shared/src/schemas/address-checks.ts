import { z } from "zod";
import { ADDRESS_PROBLEMS } from "../address-quality";
import { phoneProblem } from "../phone-check";
import { deliveryAddressFields } from "./create-order";

const addressProblemSchema = z.enum(ADDRESS_PROBLEMS);

/** The back office's view of an order's address check (decision 092): open while `problems` is not empty. */
export const adminAddressCheckSchema = z.object({
  /** What looks undeliverable; empty once the shopper confirmed or corrected, or when nothing does. */
  problems: z.array(addressProblemSchema),
  problem_texts: z.array(z.string()),
  /** The seller may send (or send again) the message: flagged, not booked, paid or COD-confirmed. */
  can_send: z.boolean(),
  sent_at: z.string().nullable(),
  channel: z.enum(["whatsapp", "email"]).nullable(),
  resolution: z.enum(["confirmed", "corrected"]).nullable(),
  resolved_at: z.string().nullable(),
});
export type AdminAddressCheck = z.infer<typeof adminAddressCheckSchema>;

export const adminAddressCheckSentSchema = z.object({ check: adminAddressCheckSchema, message: z.string() });
export type AdminAddressCheckSent = z.infer<typeof adminAddressCheckSentSchema>;

/**
 * `POST /api/address-checks/:id/answer?token=`: the shopper confirms the address as it is, or corrects the street
 * address and phone (the NDR answer's fields and rules; the PIN code, city and state stay as checked at checkout).
 */
export const addressCheckAnswerSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("confirm") }),
    z
      .object({
        action: z.literal("correct"),
        delivery_address: deliveryAddressFields.delivery_address,
        mobile_number: deliveryAddressFields.mobile_number,
      })
      .superRefine((body, ctx) => {
        const problem = phoneProblem("+91", body.mobile_number, "IN");
        if (problem) ctx.addIssue({ code: "custom", path: ["mobile_number"], message: problem });
      }),
  ],
  { error: "action must be confirm or correct" },
);
export type AddressCheckAnswer = z.infer<typeof addressCheckAnswerSchema>;

/** What the shopper's link shows: the address as the order has it and why we ask. */
export const addressCheckLinkViewSchema = z.object({
  order_id: z.number(),
  problem_texts: z.array(z.string()),
  delivery_name: z.string(),
  delivery_address: z.string(),
  city: z.string(),
  state: z.string(),
  pin_code: z.string(),
  mobile_number: z.string(),
  expires_at: z.string(),
  resolution: z.enum(["confirmed", "corrected"]).nullable(),
});
export type AddressCheckLinkView = z.infer<typeof addressCheckLinkViewSchema>;
