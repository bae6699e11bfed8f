import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { NotificationChannel } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { installSecret } from "../../db/install-settings";
import { notificationPreferences } from "./tables";

export type { NotificationChannel };

/** The key of an e-mail address: case does not make another person. */
export const emailContact = (email: string) => email.trim().toLowerCase();

/**
 * The WhatsApp number of a checkout's country code and mobile number, as the Cloud API wants it: digits only,
 * country code first ("+91" and "98290 41234" make 919829041234; a mobile typed with its leading 0 loses it).
 */
export function whatsappContact(countryCode: string, mobileNumber: string): string {
  const mobile = mobileNumber.replace(/\D/g, "");
  if (mobileNumber.trim().startsWith("+")) return mobile;
  const country = countryCode.replace(/\D/g, "") || "91";
  const local = mobile.replace(/^0+/, "");
  return local.startsWith(country) && local.length > 10 ? local : `${country}${local}`;
}

export const accountContact = (userId: number) => `account:${userId}`;

/** True when any of these contacts has turned the channel off (the order's address, its number, its account). */
export async function isOptedOut(tx: Tx | Db, channel: NotificationChannel, contacts: string[]): Promise<boolean> {
  if (contacts.length === 0) return false;
  const [off] = await tx
    .select({ contact: notificationPreferences.contact })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.channel, channel),
        inArray(notificationPreferences.contact, contacts),
        eq(notificationPreferences.enabled, false),
      ),
    )
    .limit(1);
  return off !== undefined;
}

export async function setNotificationPreference(
  tx: Tx | Db,
  channel: NotificationChannel,
  contact: string,
  enabled: boolean,
): Promise<void> {
  await tx
    .insert(notificationPreferences)
    .values({ channel, contact, enabled })
    .onConflictDoUpdate({
      target: [notificationPreferences.channel, notificationPreferences.contact],
      set: { enabled, updatedAt: sql`now()` },
    });
}

/** This install's key for the links, created at its first start (app.ts), so no request ever writes it. */
export const loadNotificationLinksSecret = (db: Db) => installSecret(db, "notification_links_secret");
const CHANNEL_CODES: Record<NotificationChannel, string> = { email: "e", whatsapp: "w" };

/**
 * Opt-out links: `/notifications/off?token=<payload>.<mac>`, the payload the channel and contact, the MAC an
 * HMAC-SHA256 with this install's secret (kept in the database, the same on every replica). They do not
 * expire: an old e-mail's link must still work, and all it can do is turn the updates off. `publicUrl` is read
 * per link: tests learn it only after listening on port 0.
 */
export function createNotificationLinks(secret: string, publicUrl: () => string) {
  const mac = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

  async function token(channel: NotificationChannel, contact: string): Promise<string> {
    const payload = Buffer.from(`${CHANNEL_CODES[channel]}:${contact}`).toString("base64url");
    return `${payload}.${mac(payload)}`;
  }

  return {
    token,
    async optOutUrl(channel: NotificationChannel, contact: string): Promise<string> {
      return `${publicUrl().replace(/\/+$/, "")}/notifications/off?token=${await token(channel, contact)}`;
    },
    /** The channel and contact a genuine token names; null for a forged, altered or malformed one. */
    async read(value: string): Promise<{ channel: NotificationChannel; contact: string } | null> {
      const [payload, given, extra] = value.split(".");
      if (!payload || !given || extra !== undefined) return null;
      const expected = Buffer.from(mac(payload));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      const text = Buffer.from(payload, "base64url").toString();
      const [code, ...rest] = text.split(":");
      const channel = (Object.keys(CHANNEL_CODES) as NotificationChannel[]).find((c) => CHANNEL_CODES[c] === code);
      const contact = rest.join(":");
      return channel && contact ? { channel, contact } : null;
    },
  };
}

export type NotificationLinks = ReturnType<typeof createNotificationLinks>;

/** "a•••@example.in", "•••••••1234": enough for the shopper to recognise, not enough to harvest. */
export function maskedContact(channel: NotificationChannel, contact: string): string {
  if (channel === "email") {
    const [name = "", domain = ""] = contact.split("@");
    return `${name.slice(0, 1)}•••@${domain}`;
  }
  return `${"•".repeat(Math.max(0, contact.length - 4))}${contact.slice(-4)}`;
}
