import { eq } from "drizzle-orm";
import type { ConfirmCodRequest } from "@store/shared";
import { markEmailVerified } from "../accounts/verification";
import type { Db, Tx } from "../../db/client";
import { COD_CODE_ATTEMPTS, codeMatches } from "./cod-codes";
import { confirmOrder } from "../confirmation/confirm";
import { closeAttempt } from "../orders/holds";
import { giveBackOnClose } from "../store-credit/ledger";
import { Refusal, refusal } from "../../errors";
import { codConfirmations } from "./tables";
import { lockOrderWithCart, type OrderRow } from "../orders/transitions";
import type { SessionUser } from "../accounts/service";

/**
 * Checks the e-mailed code of a waiting cash-on-delivery order and confirms it: stock and promo taken, the
 * seller told. A wrong try counts, and the last wrong try or a late one closes the order: those writes must
 * survive the "no", so the transaction commits and answers the refusal, thrown here after the commit
 * (decision 070). Confirming again with the right code answers as the first time did.
 */
export async function confirmWithCode(
  db: Db,
  input: ConfirmCodRequest,
  user: SessionUser | null,
  now: Date,
): Promise<OrderRow> {
  const outcome = await db.transaction((tx) => checkCode(tx, input, user, now));
  if (outcome instanceof Refusal) throw outcome;
  return outcome;
}

/** The order confirmed; a refusal that changes nothing is thrown, one that counted the try is answered. */
async function checkCode(
  tx: Tx,
  input: ConfirmCodRequest,
  user: SessionUser | null,
  now: Date,
): Promise<OrderRow | Refusal> {
  const order = await lockOrderWithCart(tx, input.order_id);
  if (!order || order.paymentMethod !== "cod") throw refusal("not_found", "ORDER_NOT_FOUND", "Order not found.");
  const [code] = await tx.select().from(codConfirmations).where(eq(codConfirmations.orderId, order.id)).for("update");
  if (!code) throw refusal("not_found", "ORDER_NOT_FOUND", "Order not found.");
  const matches = codeMatches(order.id, input.code, code.codeHash);

  if (order.status === "cod_confirmed" && matches) return order;
  if (order.status !== "awaiting_confirmation") {
    throw refusal("conflict", "ORDER_CLOSED", "This order can no longer be confirmed. Please check out again.");
  }
  if (!order.expiresAt || order.expiresAt <= now) {
    await closeAttempt(tx, order, "EXPIRED", giveBackOnClose);
    return refusal("conflict", "CODE_EXPIRED", "Your code has expired. Please check out again to get a new one.");
  }
  if (!matches) {
    const attempts = code.attempts + 1;
    const left = COD_CODE_ATTEMPTS - attempts;
    if (left <= 0) {
      await closeAttempt(tx, order, "TOO_MANY_TRIES", giveBackOnClose);
      // The order is closed now: a conflict, so the page leaves the code step.
      return refusal(
        "conflict",
        "TOO_MANY_TRIES",
        "That code is not right, and that was the last try. Please check out again.",
      );
    }
    await tx.update(codConfirmations).set({ attempts }).where(eq(codConfirmations.orderId, order.id));
    return refusal(
      "unprocessable",
      "CODE_INCORRECT",
      `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
    );
  }

  await confirmOrder(tx, order, "cod_confirmed", "Cash on delivery, confirmed with the e-mailed code");
  // The code reached the account's own address: its next cash-on-delivery order needs none.
  if (user && order.email?.toLowerCase() === user.email.toLowerCase()) await markEmailVerified(tx, user.id);
  return { ...order, status: "cod_confirmed" };
}
