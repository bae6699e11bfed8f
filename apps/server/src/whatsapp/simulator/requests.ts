import { z } from "zod";

/** The Cloud API's template message request, as far as the simulator checks it. */
export const sendRequestSchema = z.object({
  messaging_product: z.literal("whatsapp"),
  recipient_type: z.literal("individual").optional(),
  to: z.string().regex(/^\d{8,15}$/, "to must be a phone number in international form, digits only"),
  type: z.literal("template"),
  template: z.object({
    name: z.string().min(1),
    language: z.object({ code: z.string().min(2) }),
    components: z
      .array(
        z.object({
          type: z.string(),
          sub_type: z.string().optional(),
          index: z.string().optional(),
          parameters: z.array(z.object({ type: z.literal("text"), text: z.string().min(1).max(1024) })).optional(),
        }),
      )
      .optional(),
  }),
});

/** Errors in the Graph API's shape: `{ error: { message, type, code } }`. */
export const graphError = (message: string, code: number, type = "OAuthException") => ({
  error: { message, type, code, fbtrace_id: "simulator" },
});
