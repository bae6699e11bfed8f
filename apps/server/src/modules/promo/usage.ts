import { and, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { promoCodes } from "./tables";

/**
 * Counts one use of a code, atomically, within its usage limit: answers false (nothing counted) when the
 * limit is reached. An order reserves its use when it is created and gives it back if it lapses or is
 * cancelled, so exactly `max_uses` orders ever carry the discount, however their payments are timed.
 */
export async function countPromoUse(tx: Tx, code: string): Promise<boolean> {
  const counted = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(withinLimit(code))
    .returning({ id: promoCodes.id });
  return counted.length > 0;
}

const withinLimit = (code: string) =>
  and(
    sql`upper(${promoCodes.code}) = upper(${code})`,
    or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, promoCodes.maxUses)),
  );

/**
 * `countPromoUse` as the body of a data-modifying CTE of the caller's statement (a new order's, decision 107),
 * run only where `gate` holds; the use was counted when it answers a row.
 */
export function countPromoUseCte(code: string, gate: SQL): SQL {
  return sql`update ${promoCodes} set used_count = used_count + 1
    where ${withinLimit(code)} and ${gate}
    returning id`;
}

/** Gives back a use counted by `countPromoUse` (an order that lapsed or was cancelled). Never below zero. */
export async function releasePromoUse(tx: Tx, code: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(sql`upper(${promoCodes.code}) = upper(${code})`);
}
