import { and, eq, sql } from "drizzle-orm";
import { canTransition, type OrderStatus } from "@store/shared";
import type { Tx } from "../../db/client";
import { lockCart } from "../cart/checkout-lines";
import { orderEvents, orders } from "./tables";

/**
 * Moves an order along the one state machine (packages/shared/src/order-status.ts) and records the step.
 * The update is guarded by the status the caller read under its row lock, so a step is taken at most once.
 */
export async function transition(
  tx: Tx,
  order: { id: number; status: OrderStatus },
  to: OrderStatus,
  note: string,
  data?: unknown,
): Promise<void> {
  if (!canTransition(order.status, to))
    throw new Error(`order ${order.id}: ${order.status} -> ${to} is not a transition`);
  const moved = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw new Error(`order ${order.id} is no longer ${order.status}`);
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, note, data: data ?? null });
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
