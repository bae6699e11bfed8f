import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { formatMoney, SELLER, type CodCodeChannel, type Currency } from "@store/shared";
import type { Limit } from "../../config";
import type { Tx } from "../../db/client";
import { takeFromLimit } from "../../db/rate-counters";
import { lines as lineBlock, paragraph } from "../../email/letter";
import { letterEmail, queueEmail, type OutgoingEmail } from "../../email/outbox";
import { refusal } from "../../errors";
import { queueWhatsApp } from "../../whatsapp/outbox";
import { accountContact, emailContact, isOptedOut, whatsappContact } from "../accounts/notification-preferences";
import { codConfirmations } from "./tables";
import { orderLines } from "../orders/tables";
import type { OrderRow } from "../orders/transitions";

/** Wrong codes an order survives; the next one closes it. */
export const COD_CODE_ATTEMPTS = 5;
/** Codes one order may have e-mailed (the first and two more when the shopper asks again). */
export const COD_CODE_SENDS = 3;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
const hashCode = (orderId: number, code: string) => createHash("sha256").update(`${orderId}:${code}`).digest();

export function codeMatches(orderId: number, code: string, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, "hex");
  const given = hashCode(orderId, code);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * Only what the shop itself wrote: the code, the order number, our product names and the total. Nothing the
 * requester typed (name, address, comment) goes into a message sent to an address the requester chose.
 */
function codeEmail(
  order: OrderRow & { email: string },
  code: string,
  lines: { productName: string; size: string; quantity: number }[],
  minutes: number,
): OutgoingEmail {
  const total = formatMoney(order.total / 100, order.currency as Currency);
  return letterEmail(order.email, `${code} is your code to confirm ${SELLER.brand} order #${order.id}`, {
    preview: `Your code is ${code}`,
    greeting: "Namaste,",
    blocks: [
      paragraph(`Your code to confirm cash-on-delivery order #${order.id} is: ${code}`),
      paragraph(
        `Enter it on the checkout page within ${minutes} minutes. Until then the order is not placed and nothing is reserved.`,
      ),
      lineBlock([
        ...lines.map((l) => `${l.quantity} x ${l.productName} (size ${l.size})`),
        `Total to pay on delivery: ${total}`,
      ]),
      paragraph("If you did not order this, ignore this e-mail: nothing will be sent."),
    ],
  });
}

/** Where a code went: the channel, and the address or number as the checkout shows it. */
export type CodeSent = { channel: CodCodeChannel; sentTo: string; whatsappAvailable: boolean };

/** "+91 98xxxxxx45": enough for the shopper to know the number, not the whole of it on a shared screen. */
export function maskedNumber(international: string): string {
  const country = international.startsWith("91") && international.length === 12 ? "91" : "";
  const local = international.slice(country.length);
  const masked = `${local.slice(0, 2)}${"x".repeat(Math.max(0, local.length - 4))}${local.slice(-2)}`;
  return country ? `+${country} ${masked}` : `+${masked}`;
}

/**
 * The order's WhatsApp number for a code, or null: only when the store can send WhatsApp messages (the Cloud
 * API or its simulator, not the log) and neither the number nor the account has turned WhatsApp off (the
 * opt-outs the order updates respect, decision 037). Ticking "order updates on WhatsApp" is not needed: the
 * shopper asks for this one message by choosing it.
 */
async function whatsappFor(tx: Tx, order: OrderRow, whatsappOn: boolean): Promise<string | null> {
  if (!whatsappOn) return null;
  const number = whatsappContact(order.countryCode, order.mobileNumber);
  const contacts = [number, ...(order.userId ? [accountContact(order.userId)] : [])];
  return (await isOptedOut(tx, "whatsapp", contacts)) ? null : number;
}

/**
 * Sends a fresh code for the order (an earlier one stops working), on WhatsApp when `wanted` (or by default)
 * and it can go there, else by e-mail (decision 076); at most COD_CODE_SENDS times, and at most `perAddress`
 * codes to one address or number whatever the orders: the caps on open orders bound the codes of a quarter of
 * an hour, this one the codes of a day (decision 062). Past either: a Refusal, thrown (the checkout's
 * transaction rolls back with it).
 */
export async function sendCode(
  tx: Tx,
  order: OrderRow & { email: string },
  now: Date,
  perAddress: Limit,
  options: { wanted?: CodCodeChannel; whatsappOn: boolean },
): Promise<CodeSent> {
  const [sent] = await tx
    .select({ sends: codConfirmations.sends })
    .from(codConfirmations)
    .where(eq(codConfirmations.orderId, order.id))
    .for("update");
  if (sent && sent.sends >= COD_CODE_SENDS) {
    throw refusal(
      "rate_limited",
      "TOO_MANY_CODES",
      `We have sent ${COD_CODE_SENDS} codes for this order already. Please look for them on WhatsApp or in your inbox (and spam folder).`,
    );
  }
  const number = await whatsappFor(tx, order, options.whatsappOn);
  // WhatsApp unless e-mail was asked for; a number that had its day's codes falls back to e-mail.
  const byWhatsApp =
    number !== null &&
    options.wanted !== "email" &&
    (await takeFromLimit(tx, `cod-code:whatsapp:${number}`, perAddress, now)).allowed;
  const channel: CodCodeChannel = byWhatsApp ? "whatsapp" : "email";
  if (!byWhatsApp && !(await takeFromLimit(tx, `cod-code:${emailContact(order.email)}`, perAddress, now)).allowed) {
    throw refusal(
      "rate_limited",
      "TOO_MANY_CODES_TODAY",
      "We have sent as many codes to this e-mail address as we send in a day. Please use one of them, or pay online.",
    );
  }
  const code = newCode();
  const codeHash = hashCode(order.id, code).toString("hex");
  await tx
    .insert(codConfirmations)
    .values({ orderId: order.id, codeHash })
    .onConflictDoUpdate({
      target: codConfirmations.orderId,
      set: { codeHash, sends: sql`${codConfirmations.sends} + 1`, sentAt: sql`now()` },
    });
  if (channel === "whatsapp" && number) {
    // Meta's authentication template: the code and nothing else, so no one's wording reaches the number.
    await queueWhatsApp(tx, { to: number, template: "cod_code", parameters: [code] });
    return { channel, sentTo: maskedNumber(number), whatsappAvailable: true };
  }
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const minutes = Math.max(1, Math.ceil(((order.expiresAt?.getTime() ?? now.getTime()) - now.getTime()) / 60_000));
  await queueEmail(tx, codeEmail(order, code, lines, minutes));
  return { channel, sentTo: order.email, whatsappAvailable: number !== null };
}
