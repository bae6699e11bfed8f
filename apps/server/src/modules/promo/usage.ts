import { and, isNull, lt, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { promoCodes } from "./tables";

/**
 * Counts one use of a code, atomically, within its usage limit: answers false (nothing counted) when the
 * limit is reached. An order reserves its use when it is created and gives it back if it lapses or is
 * cancelled, so exactly `max_uses` orders ever carry the discount, however their payments are timed.
 */
export async function countPromoUse(tx: Tx, code: string): Promise<boolean> {
  const sameCode = sql`upper(${promoCodes.code}) = upper(${code})`;
  const where = and(sameCode, or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, promoCodes.maxUses)));
  const counted = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(where)
    .returning({ id: promoCodes.id });
  return counted.length > 0;
}

/** Gives back a use counted by `countPromoUse` (an order that lapsed or was cancelled). Never below zero. */
export async function releasePromoUse(tx: Tx, code: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(sql`upper(${promoCodes.code}) = upper(${code})`);
}
