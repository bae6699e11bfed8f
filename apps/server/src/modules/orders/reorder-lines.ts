import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { viewableOrder } from "./reader";
import { orderLines } from "./tables";

/**
 * The pieces of the buyer's own past order, for a reorder (decision 097): its lines less what the seller
 * cancelled, a made-to-order piece with its notes (decision 099). Someone else's order, or none, is the one "not found".
 */
export async function ownOrderPieces(
  db: Db,
  userId: number,
  orderId: number,
): Promise<{ productId: number | null; productName: string; size: string; notes: string; quantity: number }[]> {
  const order = await viewableOrder(db, { userId }, orderId);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  return lines
    .map((l) => ({
      productId: l.productId,
      productName: l.productName,
      size: l.size,
      notes: l.notes,
      quantity: l.quantity - l.cancelledQuantity,
    }))
    .filter((l) => l.quantity > 0);
}
