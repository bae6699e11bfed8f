import { and, eq, ilike, isNull, sql } from "drizzle-orm";
import { CATEGORIES, financialYearOf, gstinCheckCharacter, SELLER, SUBCATEGORIES, type SellerGst } from "@store/shared";
import type { Db } from "../db/client";
import { istDayOf } from "../lib/seller-time";
import { products, subcategories, taxRates, taxRules } from "../modules/catalog/tables";
import { sellerSettings } from "../modules/settings/tables";

/**
 * The GST rules the demo catalogue is classed under, each with its rates by date, so the effective date shows
 * (decision 033; checked against the notifications in decision 060 and docs/gst-rates.md). Per-piece thresholds
 * are taxable values in paise. Migration 0018 brings an install seeded before issue 38 to the same rules and
 * defaults, keeping what the seller set by hand.
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
    description:
      "Handicrafts such as wooden ornaments (4420), carpets and other textile floor coverings (chapter 57) and umbrellas (6601): 12% until 21 September 2025, 5% since.",
    rates: [
      { effectiveFrom: "2017-07-01", rateBps: 1200, thresholdMinor: null, rateAboveBps: null },
      { effectiveFrom: "2025-09-22", rateBps: 500, thresholdMinor: null, rateAboveBps: null },
    ],
  },
  {
    name: "Handbags of cotton or jute, and handcrafted handbags (4202)",
    description:
      "Handbags and shopping bags of cotton or jute (4202 22 20, 4202 22 30) and handcrafted handbags, pouches and purses: 12% until 21 September 2025, 5% since.",
    rates: [
      { effectiveFrom: "2017-11-15", rateBps: 1200, thresholdMinor: null, rateAboveBps: null },
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
    description: "Articles without a concession, such as toilet and make-up bags of textile (4202 92).",
    rates: [{ effectiveFrom: "2017-07-01", rateBps: 1800, thresholdMinor: null, rateAboveBps: null }],
  },
] as const;

type RuleName = (typeof RULES)[number]["name"];
const APPAREL: RuleName = RULES[0].name;
const HANDICRAFT: RuleName = RULES[1].name;
const HANDBAGS: RuleName = RULES[2].name;

/** Each subcategory's default HSN code and rule: what its products are invoiced with unless they have their own. */
const SUBCATEGORY_DEFAULTS: Record<(typeof SUBCATEGORIES)[number]["name"], [hsn: string, rule: RuleName]> = {
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
  "wall decor": ["6304", APPAREL],
  bags: ["420222", HANDBAGS],
  "pajama set": ["6207", APPAREL],
  jacket: ["6203", APPAREL],
  "toiletry & make up bags": ["420292", "Standard rate"],
  "rugs & carpets": ["5702", HANDICRAFT],
  "co-ord set": ["6204", APPAREL],
  bedcover: ["6304", APPAREL],
  "silk sashes": ["6214", APPAREL],
};

/** Products without a subcategory carry their own, by category. */
const BY_CATEGORY: Record<(typeof CATEGORIES)[number]["segment"], [string, RuleName]> = {
  women: ["6204", APPAREL],
  men: ["6205", APPAREL],
  kids: ["6204", APPAREL],
  fabric: ["5208", "Cotton fabric (chapter 52)"],
  "home & living": ["6304", APPAREL],
  accessories: ["6217", APPAREL],
};

/** Demo products that differ from their subcategory: wooden wall art is of wood, braided and rag rugs of 5705. */
const OWN_CLASS: { subcategory: string; nameLike: string; hsn: string; rule?: RuleName }[] = [
  { subcategory: "wall decor", nameLike: "%wood%", hsn: "4420", rule: HANDICRAFT },
  { subcategory: "rugs & carpets", nameLike: "%braided%", hsn: "5705" },
  { subcategory: "rugs & carpets", nameLike: "%rag rug%", hsn: "5705" },
  { subcategory: "rugs & carpets", nameLike: "%bath mat%", hsn: "5705" },
];

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
    // A demo LUT of the year the shop is seeded in, so its exports go without IGST until 31 March.
    lut_financial_year: financialYearOf(istDayOf(new Date())),
    iec: "AAJCJ4523K",
  };
}

/**
 * The rules and their rates, each subcategory's default and the demo products' own classes (each kept when
 * the seller set one), and the GST registration (kept when saved). Runs in the seed's transaction.
 */
export async function seedTaxData(db: Db): Promise<void> {
  const saved = await db
    .insert(taxRules)
    .values(RULES.map(({ name, description }) => ({ name, description })))
    .onConflictDoUpdate({ target: taxRules.name, set: { description: sql`excluded.description` } })
    .returning({ id: taxRules.id, name: taxRules.name });
  const ruleId = (name: RuleName) => saved.find((r) => r.name === name)!.id;
  await db
    .insert(taxRates)
    .values(RULES.flatMap((r) => r.rates.map((rate) => ({ ruleId: ruleId(r.name), ...rate }))))
    .onConflictDoNothing();

  for (const sub of SUBCATEGORIES) {
    const [hsn, rule] = SUBCATEGORY_DEFAULTS[sub.name];
    await db
      .update(subcategories)
      .set({ hsnCode: hsn, taxRuleId: ruleId(rule) })
      .where(and(eq(subcategories.id, sub.id), isNull(subcategories.taxRuleId)));
  }
  for (const own of OWN_CLASS) {
    const sub = SUBCATEGORIES.find((s) => s.name === own.subcategory)!;
    await db
      .update(products)
      .set({ hsnCode: own.hsn, ...(own.rule && { taxRuleId: ruleId(own.rule) }) })
      .where(and(eq(products.subcategoryId, sub.id), ilike(products.name, own.nameLike), isNull(products.hsnCode)));
  }
  for (const category of CATEGORIES) {
    const [hsn, rule] = BY_CATEGORY[category.segment];
    await db
      .update(products)
      .set({ hsnCode: hsn, taxRuleId: ruleId(rule) })
      .where(and(eq(products.categoryId, category.id), isNull(products.subcategoryId), isNull(products.taxRuleId)));
  }

  const [settings] = await db.select({ gst: sellerSettings.gst }).from(sellerSettings).where(eq(sellerSettings.id, 1));
  if (!settings?.gst)
    await db
      .insert(sellerSettings)
      .values({ id: 1, gst: demoGst() })
      .onConflictDoUpdate({ target: sellerSettings.id, set: { gst: demoGst() } });
}
