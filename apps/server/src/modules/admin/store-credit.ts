import { type AdminStoreCreditLedger, type StoreCreditAdjustment } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import type { StoreCreditService } from "../store-credit/service";
import { recordAudit } from "./audit";

/**
 * The owner's side of store credit (issue 42): what the shop owes and to whom, a shopper's ledger, and the
 * goodwill adjustment, written with its audit row (the amount and the reason) in one transaction.
 */
export function createStoreCreditAdmin(db: Db, storeCredit: StoreCreditService) {
  return {
    overview: storeCredit.overview,
    ledger: storeCredit.ledger,
    async adjust(actor: SessionUser, userId: number, input: StoreCreditAdjustment): Promise<AdminStoreCreditLedger> {
      await db.transaction(async (tx) => {
        const entry = await storeCredit.adjust(tx, userId, input, actor.id);
        await recordAudit(tx, actor, {
          action: "store-credit:adjust",
          entity: "store_credit",
          entityId: entry.id,
          before: null,
          after: {
            user_id: userId,
            currency: input.currency,
            amount_minor: entry.amountMinor,
            reason: input.reason,
          },
        });
      });
      return storeCredit.ledger(userId);
    },
  };
}
