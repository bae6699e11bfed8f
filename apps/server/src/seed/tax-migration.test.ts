import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CATEGORIES, SUBCATEGORIES } from "@store/shared";
import { asc, eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { categories, notifiedValues, products, subcategories, taxRates, taxRules } from "../schema";

/**
 * Migration 0018 on an install the demo seed classed before issue 38: the corrected classes reach it, and what
 * the seller set by hand stays. Its migrations are replayed up to 0017 (the journal cut there), the old seed's
 * classes written as it wrote them, then 0018 applied.
 */
const MIGRATIONS = fileURLToPath(new URL("../db/migrations", import.meta.url));
const APPAREL = "Apparel and made-up textiles (chapters 61, 62, 63)";
const HANDICRAFT = "Handicrafts and jute articles";
const HANDBAGS = "Handbags of cotton or jute, and handcrafted handbags (4202)";

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "store-migrations-"));
  cpSync(MIGRATIONS, folder, { recursive: true });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The migrator's own view of the store's database (the same drizzle instance, as client.ts migrates it). */
const migrator = (database: Database) => database.db as unknown as Parameters<typeof migrate>[0];

/** A fresh database migrated to 0017, `before` run on it, then migrated to the end. */
async function upgraded(before: (db: Database["db"]) => Promise<void>): Promise<Database> {
  const journal = join(folder, "meta", "_journal.json");
  const full = readFileSync(join(MIGRATIONS, "meta", "_journal.json"), "utf8");
  const parsed = JSON.parse(full) as { entries: { tag: string }[] };
  writeFileSync(journal, JSON.stringify({ ...parsed, entries: parsed.entries.filter((e) => e.tag < "0018") }));
  const database = await openDatabase({ kind: "pglite" });
  await migrate(migrator(database), { migrationsFolder: folder });
  await database.db
    .insert(categories)
    .values(CATEGORIES.map((c, i) => ({ id: c.id, slug: c.segment, name: c.name, position: i })));
  // The subcategories' table as 0017 left it (drizzle's schema already has 0018's columns).
  for (const [i, sub] of SUBCATEGORIES.entries())
    await database.db.execute(
      sql`insert into subcategories (id, name, category_id, position) values (${sub.id}, ${sub.name}, ${sub.categoryId}, ${i})`,
    );
  await before(database.db);
  writeFileSync(journal, full);
  await migrate(migrator(database), { migrationsFolder: folder });
  return database;
}

let code = 0;
const product = (name: string, subcategory: string | null, hsn: string, ruleId: number) => {
  const sub = SUBCATEGORIES.find((s) => s.name === subcategory);
  return {
    productCode: ++code,
    name,
    description: name,
    categoryId: sub?.categoryId ?? CATEGORIES.find((c) => c.segment === "men")!.id,
    subcategoryId: sub?.id ?? null,
    hsnCode: hsn,
    taxRuleId: ruleId,
  };
};

/** Products as 0017's table takes them (drizzle's schema already has later migrations' columns). */
async function insertProducts(db: Database["db"], rows: ReturnType<typeof product>[]): Promise<void> {
  for (const p of rows)
    await db.execute(
      sql`insert into products (product_code, name, description, category_id, subcategory_id, hsn_code, tax_rule_id)
          values (${p.productCode}, ${p.name}, ${p.description}, ${p.categoryId}, ${p.subcategoryId}, ${p.hsnCode}, ${p.taxRuleId})`,
    );
}

describe("migration 0018 on a demo install seeded before issue 38", () => {
  let database: Database;
  beforeAll(async () => {
    database = await upgraded(async (db) => {
      // The old seed's rules, with its descriptions, and each product classed as it classed them.
      const rules = await db
        .insert(taxRules)
        .values([
          { name: APPAREL, description: "Garments" },
          { name: HANDICRAFT, description: "Handcrafted articles, jute and carpets (chapter 57)." },
          {
            name: "Standard rate",
            description: "Articles without a concession, such as bags of textile (heading 4202).",
          },
        ])
        .returning();
      const id = (name: string) => rules.find((r) => r.name === name)!.id;
      await db.insert(taxRates).values(rules.map((r) => ({ ruleId: r.id, effectiveFrom: "2017-07-01", rateBps: 500 })));
      await insertProducts(db, [
        product("Sheesham Wood Hand Carved Wall Panel", "wall decor", "6304", id(HANDICRAFT)),
        product("Mandala Block Print Wall Hanging", "wall decor", "6304", id(HANDICRAFT)),
        product("Jute Tote Bag with Block Print Pocket", "bags", "4202", id("Standard rate")),
        product("Jute Braided Rug", "rugs & carpets", "5702", id(HANDICRAFT)),
        product("Hand Block Print Men's Cotton Kurta", null, "6203", id(APPAREL)),
        // Classed by the seller, not as the seed classed its subcategory: kept.
        product("Quilted Toiletry Bag", "bags", "420292", id("Standard rate")),
        product("Silk Party Dress", "dresses", "6204", id("Standard rate")),
      ]);
    });
  });
  afterAll(() => database.close());

  const classes = async () => {
    const rows = await database.db
      .select({ name: products.name, hsn: products.hsnCode, rule: taxRules.name })
      .from(products)
      .leftJoin(taxRules, eq(taxRules.id, products.taxRuleId))
      .orderBy(asc(products.productCode));
    return rows.map((r) => [r.name, r.hsn, r.rule]);
  };

  it("gives each subcategory its default and adds the rule for handbags of cotton or jute", async () => {
    const defaults = await database.db
      .select({ name: subcategories.name, hsn: subcategories.hsnCode, rule: taxRules.name })
      .from(subcategories)
      .leftJoin(taxRules, eq(taxRules.id, subcategories.taxRuleId));
    const of = (name: string) => defaults.find((d) => d.name === name);
    expect(defaults.every((d) => d.hsn !== null && d.rule !== null)).toBe(true);
    expect(of("bags")).toEqual({ name: "bags", hsn: "420222", rule: HANDBAGS });
    expect(of("wall decor")).toEqual({ name: "wall decor", hsn: "6304", rule: APPAREL });
    const [handbags] = await database.db.select().from(taxRules).where(eq(taxRules.name, HANDBAGS));
    const rates = await database.db
      .select({ from: taxRates.effectiveFrom, bps: taxRates.rateBps })
      .from(taxRates)
      .where(eq(taxRates.ruleId, handbags!.id))
      .orderBy(asc(taxRates.effectiveFrom));
    expect(rates).toEqual([
      { from: "2017-11-15", bps: 1200 },
      { from: "2025-09-22", bps: 500 },
    ]);
    const [handicraft] = await database.db.select().from(taxRules).where(eq(taxRules.name, HANDICRAFT));
    expect(handicraft!.description).toMatch(/wooden ornaments \(4420\)/);
  });

  it("moves the demo products onto the defaults, wooden wall art to its wood heading, keeping the seller's own", async () => {
    expect(await classes()).toEqual([
      ["Sheesham Wood Hand Carved Wall Panel", "4420", HANDICRAFT],
      ["Mandala Block Print Wall Hanging", null, null],
      ["Jute Tote Bag with Block Print Pocket", null, null],
      ["Jute Braided Rug", "5705", null],
      ["Hand Block Print Men's Cotton Kurta", "6205", APPAREL],
      ["Quilted Toiletry Bag", "420292", "Standard rate"],
      ["Silk Party Dress", "6204", "Standard rate"],
    ]);
  });

  it("adds the B2C large limits", async () => {
    const limits = await database.db
      .select({ from: notifiedValues.effectiveFrom, value: notifiedValues.valueMinor })
      .from(notifiedValues)
      .where(eq(notifiedValues.kind, "b2c_large_limit"))
      .orderBy(asc(notifiedValues.effectiveFrom));
    expect(limits).toEqual([
      { from: "2017-07-01", value: 250_000_00 },
      { from: "2024-07-10", value: 100_000_00 },
    ]);
  });
});

it("leaves a shop with rules of its own as it is, but for the B2C large limits", async () => {
  const database = await upgraded(async (db) => {
    const [rule] = await db.insert(taxRules).values({ name: "Our garments" }).returning();
    await insertProducts(db, [product("Kurta", "dresses", "6204", rule!.id)]);
  });
  try {
    const [row] = await database.db.select({ hsn: products.hsnCode }).from(products);
    expect(row).toEqual({ hsn: "6204" });
    const defaults = await database.db
      .select({ n: sql<number>`count(${subcategories.hsnCode})::int` })
      .from(subcategories);
    expect(defaults).toEqual([{ n: 0 }]);
    expect(
      await database.db.select().from(notifiedValues).where(eq(notifiedValues.kind, "b2c_large_limit")),
    ).toHaveLength(2);
  } finally {
    await database.close();
  }
});
