import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { products, subcategories, taxRates, taxRules } from "./tables";
import { taxOfProducts } from "./tax-rules";

let app: FastifyInstance;
let ids: number[];
beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const [rule] = await db.insert(taxRules).values({ name: "Changing rule (test)" }).returning();
  const [empty] = await db.insert(taxRules).values({ name: "Rule with no rate (test)" }).returning();
  await db.insert(taxRates).values([
    { ruleId: rule!.id, effectiveFrom: "2020-01-01", rateBps: 500 },
    { ruleId: rule!.id, effectiveFrom: "2026-01-01", rateBps: 1200, thresholdMinor: 250000, rateAboveBps: 1800 },
    { ruleId: rule!.id, effectiveFrom: "2099-01-01", rateBps: 2800 },
  ]);
  ids = (await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(4)).map((p) => p.id);
  const [ruled, noHsn, noRule, noRate] = ids;
  await db.update(products).set({ hsnCode: "6204", taxRuleId: rule!.id }).where(eq(products.id, ruled!));
  // Without a subcategory, so without its default either.
  const alone = { subcategoryId: null };
  await db
    .update(products)
    .set({ hsnCode: null, taxRuleId: rule!.id, ...alone })
    .where(eq(products.id, noHsn!));
  await db
    .update(products)
    .set({ hsnCode: "5702", taxRuleId: null, ...alone })
    .where(eq(products.id, noRule!));
  await db.update(products).set({ hsnCode: "6302", taxRuleId: empty!.id }).where(eq(products.id, noRate!));
});
afterAll(() => app.close());

describe("a product's tax on an invoice's day", () => {
  it("is the rule's latest rate that took effect on or before that day, threshold included", async () => {
    const [ruled] = ids;
    const on = async (day: string) => (await taxOfProducts(app.database.db, [ruled!], day)).get(ruled!);
    expect(await on("2025-06-01")).toEqual({
      ok: true,
      hsn: "6204",
      ruleName: "Changing rule (test)",
      rate: { rateBps: 500, thresholdMinor: null, rateAboveBps: null },
    });
    expect(await on("2026-01-01")).toMatchObject({
      rate: { rateBps: 1200, thresholdMinor: 250000, rateAboveBps: 1800 },
    });
    expect(await on("2026-11-28")).toMatchObject({ rate: { rateBps: 1200 } });
    expect(await on("2019-12-31")).toEqual({
      ok: false,
      problem:
        'The tax rule "Changing rule (test)" of "' + (await nameOf(ruled!)) + '" has no rate in force on 2019-12-31.',
    });
  });

  it("names what is missing: the HSN code, the rule, or a rate of the rule", async () => {
    const [, noHsn, noRule, noRate] = ids;
    const taxes = await taxOfProducts(app.database.db, [noHsn!, noRule!, noRate!, 999_999_999], "2026-11-28");
    expect(taxes.get(noHsn!)).toEqual({
      ok: false,
      problem: `"${await nameOf(noHsn!)}" has no HSN code, nor has its subcategory.`,
    });
    expect(taxes.get(noRule!)).toEqual({
      ok: false,
      problem: `"${await nameOf(noRule!)}" has no tax rule, nor has its subcategory.`,
    });
    expect(taxes.get(noRate!)).toEqual({
      ok: false,
      problem: `The tax rule "Rule with no rate (test)" of "${await nameOf(noRate!)}" has no rate in force on 2026-11-28.`,
    });
    expect(taxes.has(999_999_999)).toBe(false);
    expect((await taxOfProducts(app.database.db, [], "2026-11-28")).size).toBe(0);
  });
});

describe("a product's class", () => {
  it("is its subcategory's default where it has none of its own, each of its own overriding it", async () => {
    const db = app.database.db;
    const [product] = await db
      .select({ id: products.id, subcategoryId: products.subcategoryId })
      .from(products)
      .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .orderBy(asc(products.id))
      .offset(10)
      .limit(1);
    const [sub] = await db.select().from(subcategories).where(eq(subcategories.id, product!.subcategoryId!));
    const [rule] = await db.select().from(taxRules).where(eq(taxRules.name, "Changing rule (test)"));
    const tax = async () => (await taxOfProducts(db, [product!.id], "2026-11-28")).get(product!.id);
    await db.update(products).set({ hsnCode: null, taxRuleId: null }).where(eq(products.id, product!.id));
    const [defaultRule] = await db.select().from(taxRules).where(eq(taxRules.id, sub!.taxRuleId!));
    expect(await tax()).toMatchObject({ ok: true, hsn: sub!.hsnCode, ruleName: defaultRule!.name });
    await db.update(products).set({ hsnCode: "63079090" }).where(eq(products.id, product!.id));
    expect(await tax()).toMatchObject({ ok: true, hsn: "63079090", ruleName: defaultRule!.name });
    await db.update(products).set({ taxRuleId: rule!.id }).where(eq(products.id, product!.id));
    expect(await tax()).toMatchObject({ ok: true, hsn: "63079090", ruleName: "Changing rule (test)" });
  });
});

async function nameOf(id: number): Promise<string> {
  const [row] = await app.database.db.select({ name: products.name }).from(products).where(eq(products.id, id));
  return row!.name;
}
