import { and, asc, eq, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { closeAttempt, OPEN_STATUSES, type GiveBackOnClose } from "./holds";
import { orders } from "./tables";
import { lockOrderWithCart } from "./transitions";

const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

/**
 * The scheduled sweep: open attempts past their time close and give back what they hold. One short
 * transaction per order, each re-checking under the locks, so several runners (replicas) can sweep together.
 * `giveBack`: the store credit an attempt spent goes back with it (the store-credit module's, decision 088).
 * Answers how many it closed.
 */
export async function expireLapsedOrders(
  db: Db,
  giveBack: GiveBackOnClose,
  now = new Date(),
  limit = 100,
): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, OPEN_STATUSES), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  let closed = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const order = await lockOrderWithCart(tx, id);
      if (!order || !isOpen(order.status) || !order.expiresAt || order.expiresAt > now) return;
      await closeAttempt(tx, order, "EXPIRED", giveBack);
      closed++;
    });
  }
  return closed;
}

/**
 * Housekeeping: attempts that closed unpaid more than `days` ago are deleted, with the details their requester
 * typed, where `untouched` holds for the order (the payments module keeps those that reached a provider).
 */
export async function deleteLapsedAttempts(
  db: Db,
  days: number,
  untouched: (orderId: typeof orders.id) => SQL,
): Promise<number> {
  const gone = await db
    .delete(orders)
    .where(
      and(
        eq(orders.status, "expired"),
        lt(orders.updatedAt, sql`now() - make_interval(days => ${days})`),
        untouched(orders.id),
      ),
    )
    .returning({ id: orders.id });
  return gone.length;
}
