import { and, eq, notExists } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deleteLapsedAttempts } from "../orders/expiry";
import { storeCreditEntries } from "../store-credit/tables";
import { payments } from "./tables";

/**
 * Housekeeping: attempts that closed unpaid and never reached a payment provider (a cash-on-delivery code
 * never entered, mostly) are deleted after `days`; one that did keeps its payment's history, and one that spent
 * store credit keeps the ledger's rows that name it (decision 088).
 */
export function deleteUnpaidAttempts(db: Db, days = 7): Promise<number> {
  return deleteLapsedAttempts(db, days, (orderId) =>
    and(
      notExists(db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId))),
      notExists(
        db
          .select({ id: storeCreditEntries.id })
          .from(storeCreditEntries)
          .where(eq(storeCreditEntries.orderId, orderId)),
      ),
    )!,
  );
}
