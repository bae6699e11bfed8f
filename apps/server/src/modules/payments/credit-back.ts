import { BANK_TRANSFER_METHOD, type Refund } from "@store/shared";
import type { Tx } from "../../db/client";
import { toPayByMethod } from "../orders/refund-policy";
import { transition, type OrderRow } from "../orders/transitions";
import { creditOfOrder, giveBackCredit, type GiveBackCause } from "../store-credit/ledger";
import { bankTransferLeft, refundableOnline, transferredFor } from "./refunds";

/**
 * Refunds of an order paid partly with store credit (issue 42, decision 088): money first. Of what is owed back,
 * the order's money (its online payment, or the cash collected at the door) takes as much as it has left, and
 * the rest goes back at once as the store credit it spent. The shopper gets cash back before credit, and credit
 * never turns into more cash than was paid in cash; the store's refund ledger keeps saying only what a provider
 * or the seller's transfer really sent.
 */

export interface Split {
  /** Minor units owed back through the provider or the seller's transfer (the caller asks it). */
  money: number;
  /** Minor units given back as store credit, written here. */
  credit: number;
}

/**
 * What the order's money and its credit still hold, minor units. `owedAlready`: money owed but not yet sent
 * that the refunds ledger does not show yet (a cash-on-delivery return waiting for the seller's transfer). A
 * return refunded as store credit (decision 087) came out of the money first, as every refund does.
 */
export async function leftToGiveBack(tx: Tx, order: OrderRow, owedAlready = 0): Promise<Split> {
  // Cash on delivery's advance (decision 093) is an online payment, refundable as one.
  const advance = order.paymentMethod === "cod" && order.codAdvance > 0 ? await refundableOnline(tx, order.id) : 0;
  const cash =
    order.paymentMethod === BANK_TRANSFER_METHOD
      ? await bankTransferLeft(tx, order.id)
      : order.paymentMethod === "cod"
        ? advance + (order.status === "delivered" ? toPayByMethod(order) - (await transferredFor(tx, order.id)) : 0)
        : await refundableOnline(tx, order.id);
  const money = Math.max(0, cash - owedAlready);
  const { spent, givenBack, returned } = await creditOfOrder(tx, order.id);
  return {
    money: Math.max(0, money - returned),
    credit: Math.max(0, spent - givenBack - Math.max(0, returned - money)),
  };
}

/** `amount` owed back, money first; the credit part is given back now, once for `cause`. */
export async function giveBackMoneyFirst(
  tx: Tx,
  order: OrderRow,
  ask: { amount: number; cause: GiveBackCause; reason: string; owedAlready?: number },
): Promise<Split> {
  const left = await leftToGiveBack(tx, order, ask.owedAlready);
  const money = Math.min(ask.amount, left.money);
  const credit = Math.min(ask.amount - money, left.credit);
  const back =
    credit > 0
      ? await giveBackCredit(tx, { orderId: order.id, cause: ask.cause, reason: ask.reason, amountMinor: credit })
      : null;
  return { money, credit: back?.entry.amountMinor ?? 0 };
}

/**
 * A cancellation's refund, split: the money asked of the provider by the caller, the credit back now. A
 * cancelled order whose refund was all credit is refunded at once: nothing is left to wait for.
 */
export async function splitCancellationRefund(
  tx: Tx,
  order: OrderRow,
  refund: Refund | null,
): Promise<{ refund: Refund | null; money: number }> {
  if (!refund || refund.refund_minor <= 0 || order.storeCredit === 0)
    return { refund, money: refund?.refund_minor ?? 0 };
  const split = await giveBackMoneyFirst(tx, order, {
    amount: refund.refund_minor,
    cause: "cancelled",
    reason: `Order #${order.id} was cancelled`,
  });
  if (split.money === 0 && split.credit > 0)
    await transition(tx, { id: order.id, status: "cancelled" }, "refunded", "Store credit given back");
  return {
    refund: { ...refund, store_credit_minor: split.credit, status: split.money > 0 ? "requested" : "refunded" },
    money: split.money,
  };
}
