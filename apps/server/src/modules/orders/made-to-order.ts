import { and, eq } from "drizzle-orm";
import type { ProductionStatus } from "@store/shared";
import type { Tx } from "../../db/client";
import { AppError, Refusal } from "../../errors";
import { TO_SHIP_STATUSES } from "./sales";
import { orderLines, orders } from "./tables";

/** A line's made-to-order fields as the screens read them (decision 099). */
export function madeToOrderOf(
  line: Pick<typeof orderLines.$inferSelect, "notes" | "leadDays" | "returnable" | "productionStatus">,
) {
  return {
    notes: line.notes,
    lead_days: line.leadDays,
    returnable: line.returnable,
    production_status: line.productionStatus,
  };
}

/** The longest making among an order's lines, in days (0: nothing is made to order). */
export function longestLeadDays(lines: readonly { leadDays?: number | null }[]): number {
  return lines.reduce((most, line) => Math.max(most, line.leadDays ?? 0), 0);
}

/** Each status may only follow the one before it: none, then in production, then ready. */
const NEXT: Record<ProductionStatus, ProductionStatus | null> = { in_production: null, ready: "in_production" };

/**
 * The seller moves a made-to-order line's making on (decision 099), in the caller's transaction (the back
 * office writes its audit row in it): only on an order paid or confirmed and not yet shipped, only on a
 * made-to-order line, and only one step forward. Answers the status it had. A "no" is a Refusal (409), thrown.
 */
export async function setProductionStatus(
  tx: Tx,
  orderId: number,
  lineId: number,
  status: ProductionStatus,
): Promise<{ before: ProductionStatus | null }> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new AppError("not_found", "Order not found", "ORDER_NOT_FOUND");
  const [line] = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId)));
  if (!line) throw new AppError("not_found", "This order has no such line.", "LINE_NOT_FOUND");
  if (!(TO_SHIP_STATUSES as readonly string[]).includes(order.status))
    throw new Refusal(
      "conflict",
      "ORDER_NOT_IN_PRODUCTION",
      "Making can only be recorded on an order that is paid or confirmed and not yet shipped.",
    );
  if (line.leadDays === null)
    throw new Refusal("conflict", "NOT_MADE_TO_ORDER", `${line.productName} is not made to order.`);
  if (line.productionStatus !== NEXT[status]) {
    const now = line.productionStatus === null ? "not started" : line.productionStatus.replace("_", " ");
    throw new Refusal(
      "conflict",
      "PRODUCTION_STEP",
      status === "ready"
        ? `${line.productName} must be in production before it is ready (it is ${now}).`
        : `${line.productName} is already ${now}.`,
    );
  }
  await tx.update(orderLines).set({ productionStatus: status }).where(eq(orderLines.id, lineId));
  return { before: line.productionStatus };
}
