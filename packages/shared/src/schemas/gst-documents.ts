import { z } from "zod";

/**
 * E-way bills (issue 38, decision 061): whether a consignment needs one is read from the limits kept as notified
 * values (`admin-notified-values.ts`), never from constants.
 */

export const E_WAY_BILL_NUMBER_TEXT = "An e-way bill number has 12 digits, e.g. 331001234567.";

/** `PUT /api/admin/orders/:id/e-way-bill`: the number the portal gave the order's e-way bill. */
export const eWayBillNumberSchema = z.object({
  number: z
    .string({ error: E_WAY_BILL_NUMBER_TEXT })
    .transform((text) => text.replace(/\s/g, ""))
    .pipe(z.string().regex(/^[1-9]\d{11}$/, E_WAY_BILL_NUMBER_TEXT)),
});

/**
 * The back office's view of an order whose consignment needs an e-way bill (null on the order when it does
 * not): its value with tax and the limit it is over, in paise, and the number once entered.
 */
export const eWayBillViewSchema = z.object({
  movement: z.enum(["inter_state", "intra_state"]),
  value_minor: z.number().int(),
  threshold_minor: z.number().int(),
  number: z.string().nullable(),
  /** The order has its tax invoice, which the portal's JSON is made from. */
  can_download: z.boolean(),
  /** The number may still be entered or changed: no parcel has been booked with it. */
  editable: z.boolean(),
});

export type EWayBillNumber = z.infer<typeof eWayBillNumberSchema>;
export type EWayBillView = z.infer<typeof eWayBillViewSchema>;
