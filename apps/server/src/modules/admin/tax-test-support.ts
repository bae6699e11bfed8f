import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { taxRules } from "../catalog/tables";

/** The seeded rule for garments (in force since 2017), by name. */
export const APPAREL_RULE = "Apparel and made-up textiles (chapters 61, 62, 63)";

/**
 * The two tax fields a product created through the back office needs (issue 15): a dress's HSN code and the
 * seeded apparel rule, which has a rate in force.
 */
export async function productTaxFields(app: FastifyInstance): Promise<{ hsn_code: string; tax_rule_id: number }> {
  const [rule] = await app.database.db
    .select({ id: taxRules.id })
    .from(taxRules)
    .where(eq(taxRules.name, APPAREL_RULE))
    .orderBy(asc(taxRules.id));
  if (!rule) throw new Error("the seed has no apparel tax rule");
  return { hsn_code: "6204", tax_rule_id: rule.id };
}
