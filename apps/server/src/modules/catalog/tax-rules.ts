import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { builtForAnySession } from "../../db/prepared";
import { products, subcategories, taxRates, taxRules } from "./tables";

export interface ProductRate {
  rateBps: number;
  thresholdMinor: number | null;
  rateAboveBps: number | null;
}

/** A product's tax class on a day: its HSN code and the rate its rule sets, or why the invoice cannot have them. */
export type ProductTax =
  { ok: true; hsn: string; ruleName: string; rate: ProductRate } | { ok: false; problem: string };

/** A product's own HSN code and rule, else its subcategory's defaults (issue 38). */
const hsnOf = sql<string | null>`coalesce(${products.hsnCode}, ${subcategories.hsnCode})`;
const ruleOf = sql<number | null>`coalesce(${products.taxRuleId}, ${subcategories.taxRuleId})`;

// The rate in force is read beside each product (a lateral join): one statement inside the settling
// transaction. Built once: every paid order's invoice reads it (decision 116).
const productTaxQuery = builtForAnySession("product_tax", (db) => {
  const inForce = db
    .select({ rateBps: taxRates.rateBps, thresholdMinor: taxRates.thresholdMinor, rateAboveBps: taxRates.rateAboveBps })
    .from(taxRates)
    .where(and(eq(taxRates.ruleId, ruleOf), lte(taxRates.effectiveFrom, sql.placeholder("day"))))
    .orderBy(desc(taxRates.effectiveFrom))
    .limit(1)
    .as("in_force");
  return db
    .select({
      id: products.id,
      name: products.name,
      hsn: hsnOf,
      ruleId: ruleOf,
      ruleName: taxRules.name,
      rateBps: inForce.rateBps,
      thresholdMinor: inForce.thresholdMinor,
      rateAboveBps: inForce.rateAboveBps,
    })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .leftJoin(taxRules, eq(taxRules.id, ruleOf))
    .leftJoinLateral(inForce, sql`true`)
    .where(sql`${products.id} = any(${sql.placeholder("ids")})`);
});

/**
 * The HSN code and rate of each product on `day` (the invoice's IST date): its own code and rule, or its
 * subcategory's where it has none, at the rule's latest rate that took effect on or before that day. A
 * product left without a code or rule, or whose rule has no rate yet, answers the problem in the seller's words.
 */
export async function taxOfProducts(
  db: Db | Tx,
  productIds: readonly number[],
  day: string,
): Promise<Map<number, ProductTax>> {
  if (productIds.length === 0) return new Map();
  const found = await productTaxQuery(db).execute({ ids: [...productIds], day });
  const result = new Map<number, ProductTax>();
  for (const p of found) {
    if (!p.hsn) result.set(p.id, { ok: false, problem: `"${p.name}" has no HSN code, nor has its subcategory.` });
    else if (p.ruleId === null)
      result.set(p.id, { ok: false, problem: `"${p.name}" has no tax rule, nor has its subcategory.` });
    else if (p.rateBps === null)
      result.set(p.id, {
        ok: false,
        problem: `The tax rule "${p.ruleName}" of "${p.name}" has no rate in force on ${day}.`,
      });
    else
      result.set(p.id, {
        ok: true,
        hsn: p.hsn,
        ruleName: p.ruleName!,
        rate: { rateBps: p.rateBps, thresholdMinor: p.thresholdMinor, rateAboveBps: p.rateAboveBps },
      });
  }
  return result;
}

/** Each product's HSN code (its own, else its subcategory's), or null: what customs classify it under abroad. */
export async function hsnOfProducts(db: Db | Tx, productIds: readonly number[]): Promise<Map<number, string | null>> {
  if (productIds.length === 0) return new Map();
  const found = await db
    .select({ id: products.id, hsn: hsnOf })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(found.map((p) => [p.id, p.hsn]));
}
