import type { NotificationLinkResponse, NotificationSettings } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import {
  accountContact,
  emailContact,
  isOptedOut,
  maskedContact,
  setNotificationPreference,
  type NotificationLinks,
} from "./notification-preferences";
import type { SessionUser } from "./service";

const FORGED =
  "This link is not valid. Use the link in the latest message from us, or change your settings on your account page.";

/** The opt-out link's page and the account page's switches (routes in notification-routes.ts). */
export function createNotificationSettings(db: Db, links: NotificationLinks) {
  async function genuine(token: string) {
    const named = await links.read(token);
    if (!named) throw new AppError("bad_request", FORGED, "INVALID_LINK");
    return named;
  }
  const linkResponse = async (channel: "email" | "whatsapp", contact: string): Promise<NotificationLinkResponse> => ({
    channel,
    contact: maskedContact(channel, contact),
    enabled: !(await isOptedOut(db, channel, [contact])),
  });

  return {
    links,
    /** What the link would turn off, for the page that asks the shopper to confirm. */
    async describeLink(token: string): Promise<NotificationLinkResponse> {
      const { channel, contact } = await genuine(token);
      return linkResponse(channel, contact);
    },
    async turnOffByLink(token: string): Promise<NotificationLinkResponse> {
      const { channel, contact } = await genuine(token);
      await setNotificationPreference(db, channel, contact, false);
      return linkResponse(channel, contact);
    },
    /** The account's address for e-mail; the account itself for WhatsApp (it has no number of its own). */
    async forAccount(user: SessionUser): Promise<NotificationSettings> {
      return {
        email_order_updates: !(await isOptedOut(db, "email", [emailContact(user.email)])),
        whatsapp_order_updates: !(await isOptedOut(db, "whatsapp", [accountContact(user.id)])),
      };
    },
    async updateForAccount(user: SessionUser, change: Partial<NotificationSettings>): Promise<NotificationSettings> {
      await db.transaction(async (tx) => {
        if (change.email_order_updates !== undefined)
          await setNotificationPreference(tx, "email", emailContact(user.email), change.email_order_updates);
        if (change.whatsapp_order_updates !== undefined)
          await setNotificationPreference(tx, "whatsapp", accountContact(user.id), change.whatsapp_order_updates);
      });
      return this.forAccount(user);
    },
  };
}
