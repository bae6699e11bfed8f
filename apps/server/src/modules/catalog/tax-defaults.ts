import { asc, eq, sql } from "drizzle-orm";
import type { TaxDefaultInput, TaxDefaultView } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { invalidField, notFound } from "../../lib/failures";
import { categories, products, subcategories, taxRules } from "./tables";
import { assertRuleInForce } from "./tax-rule-writes";

/**
 * Each subcategory's default HSN code and GST rule (issue 38): what a product of it without its own is invoiced
 * with. The seller sets them on the tax rules page; a product's own code or rule overrides them.
 */

/** Products of each subcategory that lean on its defaults (no HSN code or no rule of their own). */
const following = sql<number>`(select count(*)::int from ${products} p where p.subcategory_id = ${subcategories.id} and (p.hsn_code is null or p.tax_rule_id is null))`;

async function defaultsOf(db: Db | Tx, id?: number): Promise<TaxDefaultView[]> {
  const rows = await db
    .select({
      subcategory_id: subcategories.id,
      subcategory_name: subcategories.name,
      category_name: categories.name,
      hsn_code: subcategories.hsnCode,
      tax_rule_id: subcategories.taxRuleId,
      tax_rule_name: taxRules.name,
      following,
    })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .leftJoin(taxRules, eq(taxRules.id, subcategories.taxRuleId))
    .where(id === undefined ? undefined : eq(subcategories.id, id))
    .orderBy(asc(categories.position), asc(subcategories.position), asc(subcategories.id));
  return rows;
}

/** `GET /api/admin/tax-defaults`: every subcategory with its defaults, by category. */
export const listTaxDefaults = (db: Db | Tx) => defaultsOf(db);

/**
 * Sets a subcategory's defaults in the caller's transaction: the rule must have a rate in force on `today`, as
 * a product's own must. Answers the subcategory before and after, for the audit.
 */
export async function setTaxDefault(
  tx: Tx,
  id: number,
  input: TaxDefaultInput,
  today: string,
): Promise<{ before: TaxDefaultView; after: TaxDefaultView }> {
  const [locked] = await tx
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(eq(subcategories.id, id))
    .for("update");
  const [before] = locked ? await defaultsOf(tx, id) : [];
  if (!before) throw notFound("Subcategory");
  if (input.tax_rule_id !== before.tax_rule_id) await assertRuleInForce(tx, input.tax_rule_id, today);
  await tx
    .update(subcategories)
    .set({ hsnCode: input.hsn_code, taxRuleId: input.tax_rule_id })
    .where(eq(subcategories.id, id));
  const [after] = await defaultsOf(tx, id);
  return { before, after: after! };
}

/**
 * Why a product, as now stored, could not be invoiced for want of an HSN code or a rule (neither its own nor its
 * subcategory's), as a 400 on the field to fill; the caller's transaction then rolls its write back.
 */
export async function assertTaxClass(tx: Tx, productId: number): Promise<void> {
  const [row] = await tx
    .select({
      hsn: sql<string | null>`coalesce(${products.hsnCode}, ${subcategories.hsnCode})`,
      rule: sql<number | null>`coalesce(${products.taxRuleId}, ${subcategories.taxRuleId})`,
    })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(eq(products.id, productId));
  if (!row?.hsn)
    throw invalidField(
      "hsn_code",
      "Enter the product's HSN code: its subcategory has no default one (defaults are set on the Tax rules page).",
    );
  if (row.rule === null)
    throw invalidField(
      "tax_rule_id",
      "Choose the product's tax rule: its subcategory has no default one (defaults are set on the Tax rules page).",
    );
}
