import { createHmac } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { MESSAGES, SELLER, sizePhrase, type StockAlertConfirmation } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail, queueEmail } from "../../email/outbox";
import { AppError } from "../../errors";
import { sameSecret } from "../../lib/secrets";
import { isOptedOut, maskedContact } from "../accounts/notification-preferences";
import { stockAlertAddresses, stockAlerts } from "./tables";

export interface ConfirmationSettings {
  /** Signs the links: this install's secret for e-mailed links. */
  secret: string;
  /** One confirmation e-mail per address this often. */
  confirmationEveryMs: number;
  /** How long a link works (and an unconfirmed alert waits). */
  pendingMs: number;
}

/**
 * The confirmation link: `/stock-alerts/confirm?token=<payload>.<mac>`, the payload the address and the link's
 * end (unix seconds), the MAC an HMAC-SHA256 of `stock-alert:<payload>` (the prefix keeps it apart from the
 * opt-out and cart-reminder MACs made with the same secret).
 */
function links(secret: string) {
  const mac = (payload: string) => createHmac("sha256", secret).update(`stock-alert:${payload}`).digest("base64url");
  return {
    token(email: string, endsAt: Date): string {
      const payload = Buffer.from(`${email}\n${Math.floor(endsAt.getTime() / 1000)}`).toString("base64url");
      return `${payload}.${mac(payload)}`;
    },
    /** The address of a genuine link still in time; null otherwise (forged, altered, malformed or expired). */
    read(token: string, now: Date): string | null {
      const [payload, given, extra] = token.split(".");
      if (!payload || !given || extra !== undefined || !sameSecret(given, mac(payload))) return null;
      const [email, endsAt] = Buffer.from(payload, "base64url").toString().split("\n");
      return email && Number(endsAt) * 1000 > now.getTime() ? email : null;
    },
  };
}

/** Confirmed from now on (the first confirmation's time is kept). */
async function markConfirmed(db: Db | Tx, email: string): Promise<void> {
  await db
    .insert(stockAlertAddresses)
    .values({ email, confirmedAt: sql`now()` })
    .onConflictDoUpdate({
      target: stockAlertAddresses.email,
      set: { confirmedAt: sql`coalesce(${stockAlertAddresses.confirmedAt}, now())` },
    });
}

/** Confirmation e-mails and links for back-in-stock alerts (double opt-in). */
export function createStockAlertConfirmations(db: Db, settings: ConfirmationSettings) {
  const signed = links(settings.secret);

  /** The address of a genuine link still in time; else one 404 for every other case. */
  function addressOf(token: string): string {
    const email = signed.read(token, new Date());
    if (!email) throw new AppError("not_found", MESSAGES.linkNotValid, "LINK_NOT_VALID");
    return email;
  }

  /** What a link confirms, for its page: the address masked, its waiting alerts, and whether it is done. */
  async function describe(email: string): Promise<StockAlertConfirmation> {
    const [[address], [waiting]] = await Promise.all([
      db
        .select({ confirmedAt: stockAlertAddresses.confirmedAt })
        .from(stockAlertAddresses)
        .where(eq(stockAlertAddresses.email, email)),
      db.select({ n: count() }).from(stockAlerts).where(eq(stockAlerts.email, email)),
    ]);
    return { email: maskedContact("email", email), alerts: waiting?.n ?? 0, confirmed: Boolean(address?.confirmedAt) };
  }

  return {
    /**
     * In the subscription's transaction: e-mails `email` a confirmation link, unless it is confirmed already,
     * was sent one within `confirmationEveryMs`, or turned e-mail off (the opt-out in the footer is how someone who never
     * asked stops these). One statement decides, under the address's row lock, so parallel asks send one.
     */
    async ask(tx: Tx, email: string, piece: { name: string; size: string }, now: Date): Promise<void> {
      if (await isOptedOut(tx, "email", [email])) return;
      const due = new Date(now.getTime() - settings.confirmationEveryMs);
      const [asked] = await tx
        .insert(stockAlertAddresses)
        .values({ email, confirmationSentAt: now })
        .onConflictDoUpdate({
          target: stockAlertAddresses.email,
          set: { confirmationSentAt: now },
          setWhere: and(
            isNull(stockAlertAddresses.confirmedAt),
            sql`coalesce(${stockAlertAddresses.confirmationSentAt} <= ${due.toISOString()}::timestamptz, true)`,
          ),
        })
        .returning({ email: stockAlertAddresses.email });
      if (!asked) return;
      const href = `${STORE_URL_TAG}/stock-alerts/confirm?token=${signed.token(email, new Date(now.getTime() + settings.pendingMs))}`;
      const days = Math.round(settings.pendingMs / 86_400_000);
      await queueEmail(
        tx,
        letterEmail(email, `Please confirm your back-in-stock alerts at ${SELLER.brand}`, {
          preview: "One click, and we will tell you when it is back.",
          greeting: "Namaste,",
          blocks: [
            paragraph(
              `This address asked us to write when ${piece.name} is back in ${sizePhrase(piece.size, false)}. Before we write about anything, please confirm it is yours.`,
            ),
            action("Confirm my alerts", href),
            paragraph(
              `The link works for ${days} ${days === 1 ? "day" : "days"}. If you did not ask, ignore this e-mail: nothing will be sent.`,
            ),
          ],
          // The footer's opt-out: an address someone else typed can stop these for good.
          orderUpdate: true,
        }),
      );
    },

    /** A signed-in shopper's own verified address needs no link: it is confirmed as it subscribes. */
    confirmVerified: (tx: Tx, email: string) => markConfirmed(tx, email),

    /** `GET /api/stock-alerts/confirm?token=`: what the link confirms (404 for a link not valid). */
    check: async (token: string) => describe(addressOf(token)),

    /** `POST /api/stock-alerts/confirm`: the address is confirmed, its waiting alerts with it (again: no change). */
    async confirm(token: string): Promise<StockAlertConfirmation> {
      const email = addressOf(token);
      await markConfirmed(db, email);
      return describe(email);
    },
  };
}

export type StockAlertConfirmations = ReturnType<typeof createStockAlertConfirmations>;
