import { and, eq, sql } from "drizzle-orm";
import { canTransition, type OrderStatus } from "@store/shared";
import type { Tx } from "../cart/cart-access";
import { orderEvents, orders } from "./tables";

/**
 * Moves an order along the one state machine (packages/shared/src/order-status.ts) and records the step.
 * The update is guarded by the status the caller read under its row lock, so a step is taken at most once.
 */
export async function transition(tx: Tx, order: { id: number; status: OrderStatus }, to: OrderStatus, note: string, data?: unknown): Promise<void> {
  if (!canTransition(order.status, to)) throw new Error(`order ${order.id}: ${order.status} -> ${to} is not a transition`);
  const moved = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw new Error(`order ${order.id} is no longer ${order.status}`);
  await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: order.status, toStatus: to, note, data: data ?? null });
}

/** Locks an order row for the rest of the transaction: verify and webhook racing each other queue up here. */
export async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

export type OrderRow = typeof orders.$inferSelect;
