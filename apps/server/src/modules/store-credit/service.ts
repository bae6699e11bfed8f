import { toMinorUnits, type StoreCreditAdjustment } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { notFound } from "../../lib/failures";
import { adjustCredit, type CreditEntry } from "./ledger";
import { adminLedger, adminOverview, isShopper, shopperView } from "./views";

/**
 * Store credit without HTTP (issue 42): the shopper's view, the back office's reads and the owner's
 * adjustment (in the caller's transaction, beside its audit row). The movements other modules make (a
 * return's credit, an order's spend and give-back) are the functions of `ledger.ts`, called in their
 * transactions.
 */
export function createStoreCreditService(db: Db) {
  return {
    forShopper: (userId: number) => shopperView(db, userId),
    overview: (query?: string) => adminOverview(db, query),
    ledger: (userId: number) => adminLedger(db, userId),
    async adjust(tx: Tx, userId: number, input: StoreCreditAdjustment, actorUserId: number): Promise<CreditEntry> {
      if (!(await isShopper(tx, userId))) throw notFound("Shopper");
      return adjustCredit(tx, {
        userId,
        currency: input.currency,
        amountMinor: toMinorUnits(input.amount),
        reason: input.reason,
        actorUserId,
      });
    },
  };
}

export type StoreCreditService = ReturnType<typeof createStoreCreditService>;
