import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { BANK_TRANSFER_METHOD, type OrderStatus } from "@store/shared";
import type { Tx } from "../../db/client";
import { touchCart } from "../cart/checkout-lines";
import { returnStock, stockTakenBy, takeStock, type Pieces } from "../catalog/inventory";
import { countPromoUse, releasePromoUse } from "../promo/usage";
import { refusal, type Refusal } from "../../errors";
import { orderLines, orders } from "./tables";
import { OPEN_STATUSES, transition, type OrderRow } from "./transitions";

/**
 * What an order keeps out of the shop while it waits to be paid (and for good once it is): its pieces and
 * its promo use. A card or wallet order holds both from the moment it is created, so a shopper who cannot
 * have the last piece learns it before paying; a cash-on-delivery order takes them when it is confirmed.
 */

export { OPEN_STATUSES };
/** Orders whose pieces are still on our shelf: cancelling or expiring one puts them back in stock. */
const ON_SHELF: readonly OrderStatus[] = ["pending_payment", "paid", "cod_confirmed"];

/** Why an attempt closed unpaid, kept in its `expired` event (and shown when a late payment must be refunded). */
export type CloseReason = "EXPIRED" | "SUPERSEDED" | "TOO_MANY_TRIES";
const CLOSE_NOTES: Record<CloseReason, string> = {
  EXPIRED: "Not paid or confirmed in time; what it held went back",
  SUPERSEDED: "Replaced by a newer checkout of the same cart",
  TOO_MANY_TRIES: "Too many wrong confirmation codes",
};

/**
 * What else a closing attempt gives back, from a layer above this one (decision 088): the store credit it spent,
 * through the store-credit module's `giveBackOnClose`. A required argument, so no path that closes an attempt can
 * forget it; `services.ts` and `jobs.ts` hand it to the expiry sweep, checkout and confirmation import it.
 */
export type GiveBackOnClose = (tx: Tx, orderId: number) => Promise<unknown>;

/** When a hold must be given up: the shopper is paying (a payment that arrives later is refunded) or ordering. */
export type HoldMoment = "order" | "payment";

function soldOut(line: { productName: string; size: string }, moment: HoldMoment): Refusal {
  const what = `${line.productName} (size ${line.size})`;
  return moment === "payment"
    ? refusal(
        "conflict",
        "OUT_OF_STOCK",
        `Sorry, ${what} sold out while you were paying. Your payment will be refunded.`,
      )
    : refusal("conflict", "OUT_OF_STOCK", `Sorry, ${what} has just sold out. Please review your cart.`);
}

/** What holding a line needs: its size's pieces, and its name for the refusal when they ran out. */
export type LineToHold = Pieces & { productName: string; size: string };

/** A card order took its pieces and promo use when it was created: paying it holds nothing more, so cannot be refused. */
export const holdsEverything = (order: OrderRow) => order.stockHeld && (!order.promoCode || order.promoHeld);

/**
 * Takes what the order does not hold yet, in the caller's transaction (which holds the cart's lock, then the
 * order's): its pieces, and its promo use within the code's limit. When either cannot be had it throws a
 * Refusal, and the caller's transaction (or savepoint) gives back what was taken. The caller invalidates the
 * catalogue cache after its commit when stock was taken.
 */
export async function holdOrder(
  tx: Tx,
  order: OrderRow,
  moment: HoldMoment,
  /** The order's lines in their order, when the caller has just written them (a new checkout attempt). */
  written?: readonly LineToHold[],
): Promise<void> {
  if (holdsEverything(order)) return;
  if (!order.stockHeld) {
    const lines =
      written ??
      (await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)));
    const short = await takeStock(tx, lines);
    const line = short === null ? undefined : lines[short];
    if (line) throw soldOut(line, moment);
  }
  if (order.promoCode && !order.promoHeld && !(await countPromoUse(tx, order.promoCode))) {
    throw refusal("unprocessable", "PROMO_NOT_APPLICABLE", "This promo code has reached its usage limit.");
  }
  await tx
    .update(orders)
    .set({ stockHeld: true, promoHeld: order.promoCode !== null })
    .where(eq(orders.id, order.id));
}

/** What a new order's own statement took for it (decision 107): the sizes whose pieces it took, and its promo use. */
export interface TakenAtOnce {
  variantIds: number[];
  promoCounted: boolean;
}

/**
 * `holdOrder` for an order whose statement took its holds as it was written (`saveOrder` with `holdAtOnce`):
 * the same refusals, and the caller's transaction gives back what was taken.
 */
export function assertTakenAtOnce(
  order: OrderRow,
  lines: readonly LineToHold[],
  taken: TakenAtOnce,
  moment: HoldMoment,
): void {
  const short = stockTakenBy(lines, taken.variantIds);
  const line = short === null ? undefined : lines[short];
  if (line) throw soldOut(line, moment);
  if (order.promoCode && !taken.promoCounted)
    throw refusal("unprocessable", "PROMO_NOT_APPLICABLE", "This promo code has reached its usage limit.");
}

/**
 * Gives back what the order holds: its pieces if they are still on our shelf (shipped ones come back by
 * courier and are counted back by hand), and its promo use. Answers the pieces put back in stock.
 */
export async function releaseHolds(tx: Tx, order: OrderRow): Promise<Pieces[]> {
  const restock = order.stockHeld && ON_SHELF.includes(order.status);
  const pieces = restock
    ? // Pieces the seller cancelled earlier went back then (cancel-lines.ts); only the rest go back now.
      await tx
        .select({
          variantId: orderLines.variantId,
          quantity: sql<number>`${orderLines.quantity} - ${orderLines.cancelledQuantity}`.mapWith(Number),
        })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, order.id), gt(orderLines.quantity, orderLines.cancelledQuantity)))
        .orderBy(asc(orderLines.id))
    : [];
  await returnStock(tx, pieces);
  if (order.promoHeld && order.promoCode) await releasePromoUse(tx, order.promoCode);
  if (restock || order.promoHeld) {
    await tx
      .update(orders)
      .set({ stockHeld: order.stockHeld && !restock, promoHeld: false })
      .where(eq(orders.id, order.id));
  }
  return pieces;
}

/**
 * Closes an open attempt unpaid: what it holds goes back (the store credit it spent too) and it becomes
 * `expired`, the reason in its event.
 * A time-out or too many wrong codes also marks the cart changed, so the shopper's next checkout is a new
 * attempt; a replaced attempt leaves the cart alone (the attempt replacing it is keyed on the cart as it is).
 */
export async function closeAttempt(
  tx: Tx,
  order: OrderRow,
  reason: CloseReason,
  giveBack: GiveBackOnClose,
): Promise<void> {
  await releaseHolds(tx, order);
  // The store credit it spent, and a bank-transfer order's part payments (owed back, decision 098).
  if (order.storeCredit > 0 || order.paymentMethod === BANK_TRANSFER_METHOD) await giveBack(tx, order.id);
  await transition(tx, order, "expired", CLOSE_NOTES[reason], { reason });
  if (reason !== "SUPERSEDED") await touchCart(tx, order.cartId);
}

/**
 * Closes the cart's other open attempts (a second tab on another payment method, an older version of the
 * cart): one cart has one open order, so it can never be paid twice, and its own older attempt never holds
 * the pieces the new one needs. The caller holds the cart's lock; the attempts are locked in id order.
 */
export async function closeOtherAttempts(
  tx: Tx,
  cartId: string,
  keepOrderId: number,
  giveBack: GiveBackOnClose,
): Promise<void> {
  const open = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.cartId, cartId),
        inArray(orders.status, OPEN_STATUSES),
        ne(orders.id, keepOrderId),
        // A bank-transfer order is placed, not an attempt: it lives until paid or past its days (decision 098).
        ne(orders.paymentMethod, BANK_TRANSFER_METHOD),
      ),
    )
    .orderBy(asc(orders.id))
    .for("update");
  for (const order of open) await closeAttempt(tx, order, "SUPERSEDED", giveBack);
}
