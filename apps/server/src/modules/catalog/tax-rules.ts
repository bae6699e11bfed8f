import { and, desc, eq, inArray, lte } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { products, taxRates, taxRules } from "./tables";

export interface ProductRate {
  rateBps: number;
  thresholdMinor: number | null;
  rateAboveBps: number | null;
}

/** A product's tax class on a day: its HSN code and the rate its rule sets, or why the invoice cannot have them. */
export type ProductTax =
  { ok: true; hsn: string; ruleName: string; rate: ProductRate } | { ok: false; problem: string };

/**
 * The HSN code and rate of each product on `day` (the invoice's IST date): the rule's latest rate that
 * took effect on or before that day. A product without an HSN code or rule, or whose rule has no rate yet,
 * answers the problem in the seller's words.
 */
export async function taxOfProducts(
  db: Db | Tx,
  productIds: readonly number[],
  day: string,
): Promise<Map<number, ProductTax>> {
  const found = productIds.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          hsn: products.hsnCode,
          ruleId: products.taxRuleId,
          ruleName: taxRules.name,
        })
        .from(products)
        .leftJoin(taxRules, eq(taxRules.id, products.taxRuleId))
        .where(inArray(products.id, [...productIds]))
    : [];
  const ruleIds = [...new Set(found.flatMap((p) => (p.ruleId === null ? [] : [p.ruleId])))];
  const rates = ruleIds.length
    ? await db
        .select()
        .from(taxRates)
        .where(and(inArray(taxRates.ruleId, ruleIds), lte(taxRates.effectiveFrom, day)))
        .orderBy(desc(taxRates.effectiveFrom))
    : [];
  const result = new Map<number, ProductTax>();
  for (const p of found) {
    const rate = rates.find((r) => r.ruleId === p.ruleId);
    if (!p.hsn) result.set(p.id, { ok: false, problem: `"${p.name}" has no HSN code.` });
    else if (p.ruleId === null) result.set(p.id, { ok: false, problem: `"${p.name}" has no tax rule.` });
    else if (!rate)
      result.set(p.id, {
        ok: false,
        problem: `The tax rule "${p.ruleName}" of "${p.name}" has no rate in force on ${day}.`,
      });
    else
      result.set(p.id, {
        ok: true,
        hsn: p.hsn,
        ruleName: p.ruleName!,
        rate: { rateBps: rate.rateBps, thresholdMinor: rate.thresholdMinor, rateAboveBps: rate.rateAboveBps },
      });
  }
  return result;
}
