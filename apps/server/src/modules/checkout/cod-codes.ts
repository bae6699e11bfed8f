import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { formatMoney, SELLER, type Currency } from "@store/shared";
import type { Limit } from "../../config";
import type { Tx } from "../../db/client";
import { takeFromLimit } from "../../db/rate-counters";
import { lines as lineBlock, paragraph } from "../../email/letter";
import { letterEmail, queueEmail, type OutgoingEmail } from "../../email/outbox";
import { refusal } from "../../errors";
import { emailContact } from "../accounts/notification-preferences";
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

/**
 * E-mails a fresh code for the order (an earlier one stops working), at most COD_CODE_SENDS times, and at
 * most `perAddress` codes to one address whatever the orders: the caps on open orders bound the codes of a
 * quarter of an hour, this one the codes of a day (decision 062). Past either: a Refusal, thrown (the
 * checkout's transaction rolls back with it).
 */
export async function sendCode(
  tx: Tx,
  order: OrderRow & { email: string },
  now: Date,
  perAddress: Limit,
): Promise<void> {
  const [sent] = await tx
    .select({ sends: codConfirmations.sends })
    .from(codConfirmations)
    .where(eq(codConfirmations.orderId, order.id))
    .for("update");
  if (sent && sent.sends >= COD_CODE_SENDS) {
    throw refusal(
      "rate_limited",
      "TOO_MANY_CODES",
      `We have sent ${COD_CODE_SENDS} codes for this order already. Please look for them in your inbox (and spam folder).`,
    );
  }
  if (!(await takeFromLimit(tx, `cod-code:${emailContact(order.email)}`, perAddress, now)).allowed) {
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
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const minutes = Math.max(1, Math.ceil(((order.expiresAt?.getTime() ?? now.getTime()) - now.getTime()) / 60_000));
  await queueEmail(tx, codeEmail(order, code, lines, minutes));
}
