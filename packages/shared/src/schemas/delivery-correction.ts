import { z } from "zod";
import { indianStateByName } from "../gst";
import { adminOrderDetailSchema } from "./admin-orders";
import { phoneProblem } from "../phone-check";
import { deliveryAddressFields, indianAddressProblems } from "./create-order";

/**
 * `PUT /api/admin/orders/:id/delivery-address`: the seller corrects a paid order's Indian delivery address
 * before it ships, with the checkout's fields and rules (decision 061). An empty city or state is filled
 * from the PIN code; `city_confirmed` keeps a city the PIN code does not name.
 */
export const deliveryCorrectionSchema = z
  .object(deliveryAddressFields)
  .superRefine((body, ctx) => {
    for (const problem of indianAddressProblems(body)) ctx.addIssue({ code: "custom", ...problem });
    // The courier calls this number: India's numbering plan, as at checkout (decision 079).
    const phone = phoneProblem(body.country_code || "+91", body.mobile_number, "IN");
    if (phone) ctx.addIssue({ code: "custom", path: ["mobile_number"], message: phone });
  })
  .transform((body) => ({
    ...body,
    country_code: body.country_code || "+91",
    state: indianStateByName(body.state)?.name ?? body.state,
  }));

/** The order as corrected, and what became of its invoice, in the seller's words. */
export const deliveryCorrectionResponseSchema = z.object({
  order: adminOrderDetailSchema,
  invoice_note: z.string().nullable(),
});

export type DeliveryCorrection = z.infer<typeof deliveryCorrectionSchema>;
export type DeliveryCorrectionResponse = z.infer<typeof deliveryCorrectionResponseSchema>;
