import { eq, inArray, sql } from "drizzle-orm";
import { CATEGORIES, gstinCheckCharacter, SELLER, SUBCATEGORIES, type SellerGst } from "@store/shared";
import type { Db } from "../db/client";
import { products, taxRates, taxRules } from "../modules/catalog/tables";
import { sellerSettings } from "../modules/settings/tables";

/**
 * The GST rules the demo catalogue is classed under (decision 033): the rates of the GST Council's 56th
 * meeting, in force since 22 September 2025, with the rates they replaced, so the effective date shows.
 * Per-piece thresholds are taxable values in paise.
 */
const RULES = [
  {
    name: "Apparel and made-up textiles (chapters 61, 62, 63)",
    description:
      "Garments and made-up textile articles: the lower rate up to a sale value per piece, the higher above it.",
    rates: [
      { effectiveFrom: "2017-07-01", rateBps: 500, thresholdMinor: 100_000, rateAboveBps: 1200 },
      { effectiveFrom: "2025-09-22", rateBps: 500, thresholdMinor: 250_000, rateAboveBps: 1800 },
    ],
  },
  {
    name: "Handicrafts and jute articles",
    description: "Handcrafted articles, jute and carpets (chapter 57).",
    rates: [
      { effectiveFrom: "2017-07-01", rateBps: 1200, thresholdMinor: null, rateAboveBps: null },
      { effectiveFrom: "2025-09-22", rateBps: 500, thresholdMinor: null, rateAboveBps: null },
    ],
  },
  {
    name: "Cotton fabric (chapter 52)",
    description: "Woven cotton fabric sold by the metre.",
    rates: [{ effectiveFrom: "2017-07-01", rateBps: 500, thresholdMinor: null, rateAboveBps: null }],
  },
  {
    name: "Standard rate",
    description: "Articles without a concession, such as bags of textile (heading 4202).",
    rates: [{ effectiveFrom: "2017-07-01", rateBps: 1800, thresholdMinor: null, rateAboveBps: null }],
  },
] as const;

type RuleName = (typeof RULES)[number]["name"];
const APPAREL: RuleName = RULES[0].name;
const HANDICRAFT: RuleName = RULES[1].name;

/** HSN code and rule by subcategory name, then by category segment for products without one. */
const BY_SUBCATEGORY: Record<string, [hsn: string, rule: RuleName]> = {
  dresses: ["6204", APPAREL],
  lehengas: ["6204", APPAREL],
  pants: ["6204", APPAREL],
  "crop tops": ["6206", APPAREL],
  "harem pants": ["6204", APPAREL],
  "pj set": ["6208", APPAREL],
  "kaftan & robes": ["6208", APPAREL],
  sarong: ["6214", APPAREL],
  napkins: ["6302", APPAREL],
  bunting: ["6307", APPAREL],
  "door valence": ["6303", APPAREL],
  ottoman: ["6304", APPAREL],
  "table runner": ["6302", APPAREL],
  umbrellas: ["6601", HANDICRAFT],
  curtains: ["6303", APPAREL],
  "cushion cover": ["6304", APPAREL],
  "wall decor": ["6304", HANDICRAFT],
  bags: ["4202", "Standard rate"],
  "pajama set": ["6207", APPAREL],
  jacket: ["6203", APPAREL],
  "toiletry & make up bags": ["4202", "Standard rate"],
  "rugs & carpets": ["5702", HANDICRAFT],
  "co-ord set": ["6204", APPAREL],
  bedcover: ["6304", APPAREL],
  "silk sashes": ["6214", APPAREL],
};
const BY_CATEGORY: Record<string, [string, RuleName]> = {
  women: ["6204", APPAREL],
  men: ["6203", APPAREL],
  kids: ["6209", APPAREL],
  fabric: ["5208", "Cotton fabric (chapter 52)"],
  "home & living": ["6304", APPAREL],
  accessories: ["6217", APPAREL],
};

/** The demo shop's GST registration (a made-up PAN; the check character is computed, so the GSTIN validates). */
function demoGst(): SellerGst {
  const first14 = "08AAJCJ4523K1Z";
  const a = SELLER.address;
  return {
    legal_name: SELLER.legalName,
    address: `${a.street}, ${a.locality}, ${a.city}, ${a.region} ${a.postalCode}`,
    gstin: first14 + gstinCheckCharacter(first14),
    state_code: "08",
    invoice_prefix: "JKH",
    lut_reference: "AD0803250123456",
  };
}

/**
 * The rules and their rates, each demo product's HSN code and rule (kept when the seller changed them), and
 * the GST registration (kept when saved). Runs in the seed's transaction.
 */
export async function seedTaxData(db: Db): Promise<void> {
  const saved = await db
    .insert(taxRules)
    .values(RULES.map(({ name, description }) => ({ name, description })))
    .onConflictDoUpdate({ target: taxRules.name, set: { description: sql`excluded.description` } })
    .returning({ id: taxRules.id, name: taxRules.name });
  const ruleId = new Map(saved.map((r) => [r.name, r.id]));
  await db
    .insert(taxRates)
    .values(RULES.flatMap((r) => r.rates.map((rate) => ({ ruleId: ruleId.get(r.name)!, ...rate }))))
    .onConflictDoNothing();

  const rows = await db
    .select({ id: products.id, categoryId: products.categoryId, subcategoryId: products.subcategoryId })
    .from(products)
    .where(sql`${products.taxRuleId} is null`);
  const groups = new Map<string, number[]>();
  for (const p of rows) {
    const sub = SUBCATEGORIES.find((s) => s.id === p.subcategoryId);
    const category = CATEGORIES.find((c) => c.id === p.categoryId);
    const [hsn, rule] = (sub && BY_SUBCATEGORY[sub.name]) ?? BY_CATEGORY[category?.segment ?? "women"]!;
    const key = `${hsn}|${rule}`;
    groups.set(key, [...(groups.get(key) ?? []), p.id]);
  }
  for (const [key, ids] of groups) {
    const [hsn, rule] = key.split("|") as [string, RuleName];
    await db
      .update(products)
      .set({ hsnCode: hsn, taxRuleId: ruleId.get(rule)! })
      .where(inArray(products.id, ids));
  }

  const [settings] = await db.select({ gst: sellerSettings.gst }).from(sellerSettings).where(eq(sellerSettings.id, 1));
  if (!settings?.gst)
    await db
      .insert(sellerSettings)
      .values({ id: 1, gst: demoGst() })
      .onConflictDoUpdate({ target: sellerSettings.id, set: { gst: demoGst() } });
}
