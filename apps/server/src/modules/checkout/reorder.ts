import type { ReorderResponse } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { touchCart } from "../cart/checkout-lines";
import { addPastPieces } from "../cart/reorder";
import { ownOrderPieces } from "../orders/reorder-lines";

/**
 * `POST /api/reorder/`: the signed-in buyer's past order back in their cart in one step, at today's prices
 * (a trade buyer's trade prices), with the pieces that could not be added named (decision 097).
 */
export async function reorder(db: Db, user: SessionUser, orderId: number): Promise<ReorderResponse> {
  const pieces = await ownOrderPieces(db, user.id, orderId);
  const { cart, added, skipped } = await db.transaction(async (tx) => {
    const result = await addPastPieces(tx, user, pieces);
    await touchCart(tx, result.cart.id);
    return result;
  });
  const notAdded = skipped.map((s) => `${s.product_name} (size ${s.size}): ${s.reason}`).join("; ");
  const message =
    added === 0
      ? `Nothing from order #${orderId} could be added: ${notAdded}.`
      : `${added} piece${added === 1 ? "" : "s"} from order #${orderId} added to your cart at today's prices.${notAdded ? ` Not added: ${notAdded}.` : ""}`;
  return { cart_id: cart.id, added, skipped, message };
}
