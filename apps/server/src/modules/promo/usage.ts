import { and, isNull, lt, or, sql } from "drizzle-orm";
import type { Tx } from "../cart/cart-access";
import { promoCodes } from "./tables";

/**
 * Counts one use of a code, atomically. `withinLimit` refuses (answers false) when the code's usage limit
 * is reached: for cash on delivery, where nothing was paid yet. A paid order counts its use even past the
 * limit, since the shopper already paid the discounted price the limit allowed when the order was made.
 */
export async function countPromoUse(tx: Tx, code: string, options: { withinLimit: boolean }): Promise<boolean> {
  const sameCode = sql`upper(${promoCodes.code}) = upper(${code})`;
  const where = options.withinLimit ? and(sameCode, or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, promoCodes.maxUses))) : sameCode;
  const counted = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(where)
    .returning({ id: promoCodes.id });
  return counted.length > 0;
}
