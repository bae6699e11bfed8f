import { eq, sql, type SQLWrapper } from "drizzle-orm";
import { canTransition, type OrderStatus } from "@store/shared";
import type { Tx } from "../../db/client";
import { lockCart } from "../cart/checkout-lines";
import { orderEvents, orders } from "./tables";

/** An attempt still open: it may be paid (or confirmed) and closes when its time runs out. */
export const OPEN_STATUSES = ["pending_payment", "awaiting_confirmation"] as const satisfies readonly OrderStatus[];

/**
 * Moves an order along the one state machine (packages/shared/src/order-status.ts) and records the step, in one
 * statement. The update is guarded by the status the caller read under its row lock, so a step is taken at most
 * once. An order leaving the open statuses has no deadline any more; one confirmed keeps when, and its total.
 * `alongside`: other modules' writes that neither read nor touch these rows, sent in the same statement as
 * data-modifying CTEs (a confirmation's five writes in one round trip); undone with the transaction when the
 * step is refused.
 */
export async function transition(
  tx: Tx,
  order: { id: number; status: OrderStatus },
  to: OrderStatus,
  note: string,
  data?: unknown,
  alongside: readonly SQLWrapper[] = [],
): Promise<void> {
  if (!canTransition(order.status, to))
    throw new Error(`order ${order.id}: ${order.status} -> ${to} is not a transition`);
  const open = (OPEN_STATUSES as readonly OrderStatus[]).includes(to);
  // The sale counts from its confirmation, at the total it had then (decision 063).
  const confirmed = to === "paid" || to === "cod_confirmed";
  const others = alongside.map((write, i) => sql`${sql.raw(`alongside_${i}`)} as (${write.getSQL()}),`);
  const moved = (await tx.execute(sql`
    with ${sql.join(others)} moved as (
      update ${orders} set status = ${to}, updated_at = now()${open ? sql`` : sql`, expires_at = null`}${
        confirmed
          ? sql`, confirmed_at = coalesce(confirmed_at, now()), confirmed_total = coalesce(confirmed_total, total)`
          : sql``
      }
      where id = ${order.id} and status = ${order.status}
      returning id
    )
    insert into ${orderEvents} (order_id, from_status, to_status, note, data)
    select id, ${order.status}, ${to}, ${note}, ${data === undefined ? null : JSON.stringify(data)}::jsonb from moved
    returning order_id`)) as { rows: unknown[] };
  if (moved.rows.length === 0) throw new Error(`order ${order.id} is no longer ${order.status}`);
}

/** Locks an order row for the rest of the transaction: verify and webhook racing each other queue up here. */
export async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

/**
 * Locks an order's cart, then the order: every step that may touch several attempts of one cart (checkout,
 * settling a payment, confirming cash on delivery, expiry) takes its locks in this order, so none of them
 * can deadlock with another. A cart that is gone (merged at login, cleaned up) leaves the order's lock.
 */
export async function lockOrderWithCart(tx: Tx, orderId: number) {
  const [peek] = await tx.select({ cartId: orders.cartId }).from(orders).where(eq(orders.id, orderId));
  if (!peek) return undefined;
  await lockCart(tx, peek.cartId);
  return lockOrder(tx, orderId);
}

export type OrderRow = typeof orders.$inferSelect;
