import { z } from "zod";

/** The ways the shop tells a shopper about their order. */
export const NOTIFICATION_CHANNELS = ["email", "whatsapp"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The signed opt-out link's token (`/notifications/off?token=...`): read, then confirmed. */
export const notificationTokenSchema = z.object({
  token: z
    .string({ error: "token is required" })
    .trim()
    .min(1, "token is required")
    .max(1000, "token is not a valid link"),
});

/** What a link turns off, shown before the shopper confirms: the contact partly hidden. */
export const notificationLinkResponseSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  contact: z.string(),
  enabled: z.boolean(),
});
export type NotificationLinkResponse = z.infer<typeof notificationLinkResponseSchema>;

/** The account page's two switches. */
export const notificationSettingsSchema = z.object({
  email_order_updates: z.boolean(),
  whatsapp_order_updates: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsUpdateSchema = z
  .object({
    email_order_updates: z.boolean({ error: "email_order_updates must be true or false" }).optional(),
    whatsapp_order_updates: z.boolean({ error: "whatsapp_order_updates must be true or false" }).optional(),
  })
  .strict();
