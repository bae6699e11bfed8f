import {
  formatMoney,
  STORE_CREDIT_METHOD,
  toMajorUnits,
  toMinorUnits,
  type CreateOrderRequest,
  type Currency,
} from "@store/shared";
import type { Tx } from "../../db/client";
import { refusal, type Refusal } from "../../errors";
import type { OrderRow } from "../orders/transitions";
import type { SessionUser } from "../accounts/service";
import { lockedBalance, spendCredit } from "../store-credit/ledger";

/**
 * The store credit a checkout spends (issue 42, decision 088), asked of the store-credit module in the attempt's
 * transaction: as much of the order's total as the shopper's balance in its currency covers, or exactly the
 * figure the shopper was shown (`store_credit_amount`). The balance is read under the shopper's lock, which
 * the spend takes again, so two carts racing take turns and the second sees what the first spent.
 */

/** What the request asks, as the attempt's key counts it: a different choice is a different attempt. */
export const creditAsked = (input: CreateOrderRequest): string | null =>
  input.use_store_credit ? String(input.store_credit_amount ?? "balance") : null;

export const SIGN_IN_FOR_CREDIT = () =>
  refusal("unauthorized", "SIGN_IN_REQUIRED", "Sign in to pay with your store credit.");

/** A credit plan: what a new order spends, the method it is paid by, and why it cannot be placed (thrown for a new order only). */
export interface CreditPlan {
  /** Minor units. */
  credit: number;
  paymentMethod: string;
  refused: Refusal | null;
}

function tooLow(balance: number, currency: Currency, wanted: string): Refusal {
  const now = formatMoney(toMajorUnits(balance), currency);
  return refusal(
    "conflict",
    "STORE_CREDIT_TOO_LOW",
    balance === 0
      ? `You have no store credit in ${currency} now. Please review the total and choose how to pay.`
      : `Your store credit is ${now} now, not enough for ${wanted}. Please review the total and place the order again.`,
  );
}

/**
 * What this attempt's order would spend. Not thrown here: an attempt that finds its order (a second tab) spent
 * its credit when that order was written, and must not be refused for the balance that spend left.
 */
export async function planCredit(
  tx: Tx,
  user: SessionUser | null,
  input: CreateOrderRequest,
  totalMinor: number,
): Promise<CreditPlan> {
  const method = input.payment_method;
  if (!input.use_store_credit || !user) return { credit: 0, paymentMethod: method, refused: null };
  const currency = input.currency;
  const balance = await lockedBalance(tx, user.id, currency);
  const covered = Math.min(balance, totalMinor);
  const shown = input.store_credit_amount === undefined ? null : toMinorUnits(input.store_credit_amount);
  const credit = shown ?? covered;
  const plan = (refused: Refusal | null): CreditPlan => ({
    credit,
    paymentMethod: credit > 0 && credit === totalMinor ? STORE_CREDIT_METHOD : method,
    refused,
  });
  if (shown !== null && shown > totalMinor)
    return plan(
      refusal(
        "unprocessable",
        "STORE_CREDIT_ABOVE_TOTAL",
        `store_credit_amount is more than the order's total of ${formatMoney(toMajorUnits(totalMinor), currency)}.`,
      ),
    );
  if (credit === 0 || covered < credit)
    return plan(tooLow(balance, currency, formatMoney(toMajorUnits(credit || totalMinor), currency)));
  if (method === STORE_CREDIT_METHOD && credit < totalMinor)
    return plan(tooLow(balance, currency, `the whole order (${formatMoney(toMajorUnits(totalMinor), currency)})`));
  if (method === "cod" && credit === totalMinor)
    return plan(
      refusal(
        "unprocessable",
        "STORE_CREDIT_COVERS_ORDER",
        "Your store credit pays this whole order: place it with store credit, without cash on delivery and its fee.",
      ),
    );
  return plan(null);
}

/** A new order spends its plan, in the transaction that wrote it; a refused plan rolls the attempt back. */
export async function spendPlannedCredit(tx: Tx, order: OrderRow, plan: CreditPlan): Promise<void> {
  if (plan.refused) throw plan.refused;
  if (plan.credit === 0 || order.userId === null) return;
  await spendCredit(tx, {
    userId: order.userId,
    currency: order.currency as Currency,
    amountMinor: plan.credit,
    orderId: order.id,
  });
}
