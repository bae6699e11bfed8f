import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { toPayByMethod } from "../orders/refund-policy";
import { orders } from "../orders/tables";
import { lockOrder } from "../orders/transitions";
import { hasOrderParcel } from "../shipping/book";
import { queuePayNowNotice } from "./notice";
import { discountFor, readPayNowSettings } from "./settings";
import { payNowNudges } from "./tables";

/** Only orders confirmed this recently are nudged: switching the nudge on does not message last month's shoppers. */
const LOOK_BACK_HOURS = 48;
/** Orders per run; the next run takes the rest. */
const BATCH = 100;

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
export const payNowPath = (orderId: number, token: string) => `/pay-now/${orderId}?token=${token}`;

/**
 * The job (decision 094): each confirmed cash-on-delivery order in India with something left to pay and no advance paid (093), confirmed at
 * least the seller's delay ago and not yet booked, gets one message. The nudge row is written under the order's
 * lock in the transaction that queues the message, and its key is the order, so overlapping runs send one.
 * Answers how many were nudged. `only.orderId`: that order alone (the simulator's clock, so tests run side by side).
 */
export async function sendDueNudges(db: Db, now = new Date(), only?: { orderId?: number }): Promise<number> {
  const settings = await readPayNowSettings(db);
  if (!settings.enabled) return 0;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(payNowNudges, eq(payNowNudges.orderId, orders.id))
    .where(
      and(
        isNull(payNowNudges.orderId),
        eq(orders.status, "cod_confirmed"),
        eq(orders.paymentMethod, "cod"),
        eq(orders.deliveryCountry, "IN"),
        eq(orders.currency, "INR"),
        lte(orders.confirmedAt, new Date(now.getTime() - settings.delay_minutes * 60_000)),
        gt(orders.confirmedAt, new Date(now.getTime() - LOOK_BACK_HOURS * 3_600_000)),
        sql`${orders.total} > ${orders.storeCredit}`,
        // An order that paid an advance (decision 093) already has its one online payment.
        eq(orders.codAdvance, 0),
        only?.orderId === undefined ? undefined : eq(orders.id, only.orderId),
      ),
    )
    .orderBy(orders.id)
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) if (await nudgeOrder(db, id, now)) sent += 1;
  return sent;
}

async function nudgeOrder(db: Db, orderId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order?.status !== "cod_confirmed" || order.paymentMethod !== "cod" || order.codAdvance > 0) return false;
    if (await hasOrderParcel(tx, orderId)) return false;
    const settings = await readPayNowSettings(tx);
    const left = toPayByMethod(order);
    const discount = discountFor(settings, left);
    const token = randomBytes(24).toString("base64url");
    const claimed = await tx
      .insert(payNowNudges)
      .values({ orderId, channel: "none", sentAt: now, discount, amountDue: left - discount })
      .onConflictDoNothing()
      .returning({ orderId: payNowNudges.orderId });
    if (claimed.length === 0) return false;
    const channel = await queuePayNowNotice(tx, order, payNowPath(orderId, token), { due: left - discount, discount });
    // No channel (the shopper turned both off): the row stays, so the order is not tried again.
    if (!channel) return false;
    await tx
      .update(payNowNudges)
      .set({ channel, tokenHash: tokenHash(token) })
      .where(eq(payNowNudges.orderId, orderId));
    return true;
  });
}
