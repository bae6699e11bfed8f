import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orderLines, orderReversalLines, orderReversals, reversalKind } from "./tables";
import type { OrderRow } from "./transitions";

export type ReversalKind = (typeof reversalKind.enumValues)[number];
export interface ReversedPieces {
  orderLineId: number;
  pieces: number;
}

/**
 * Takes `amount` (the order's currency) and these pieces back from a confirmed sale, today (decision 063): the
 * reports net it in this period, as the tax figures net the credit note issued with it. An order never confirmed
 * was never a sale, and nothing is recorded.
 */
export async function reverseSale(
  tx: Tx,
  order: Pick<OrderRow, "id" | "confirmedAt">,
  kind: ReversalKind,
  amount: number,
  pieces: readonly ReversedPieces[],
): Promise<void> {
  const taken = pieces.filter((p) => p.pieces > 0);
  if (!order.confirmedAt || (amount <= 0 && taken.length === 0)) return;
  const [reversal] = await tx
    .insert(orderReversals)
    .values({ orderId: order.id, kind, amount: Math.max(0, amount) })
    .returning({ id: orderReversals.id });
  if (taken.length > 0)
    await tx
      .insert(orderReversalLines)
      .values(taken.map((p) => ({ reversalId: reversal!.id, orderLineId: p.orderLineId, pieces: p.pieces })));
}

/**
 * All that is left of a confirmed sale taken back (the order cancelled, returned undelivered, or refunded
 * whole): its value at confirmation less what was taken back before, less `keptMinor` (a fee the shop keeps),
 * and every piece not taken back before.
 */
export async function reverseRestOfSale(
  tx: Tx,
  order: Pick<OrderRow, "id" | "confirmedAt" | "confirmedTotal">,
  kind: ReversalKind,
  keptMinor = 0,
): Promise<void> {
  if (!order.confirmedAt) return;
  const [before] = await tx
    .select({ amount: sql<number>`coalesce(sum(${orderReversals.amount}), 0)::int` })
    .from(orderReversals)
    .where(eq(orderReversals.orderId, order.id));
  const back = tx
    .select({
      lineId: orderReversalLines.orderLineId,
      pieces: sql<number>`sum(${orderReversalLines.pieces})`.as("back"),
    })
    .from(orderReversalLines)
    .innerJoin(orderReversals, eq(orderReversals.id, orderReversalLines.reversalId))
    .where(eq(orderReversals.orderId, order.id))
    .groupBy(orderReversalLines.orderLineId)
    .as("back");
  const left = await tx
    .select({
      orderLineId: orderLines.id,
      pieces: sql<number>`${orderLines.quantity} - coalesce(${back.pieces}, 0)`.mapWith(Number),
    })
    .from(orderLines)
    .leftJoin(back, eq(back.lineId, orderLines.id))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const amount = (order.confirmedTotal ?? 0) - (before?.amount ?? 0) - keptMinor;
  await reverseSale(tx, order, kind, amount, left);
}
