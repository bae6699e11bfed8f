import { and, asc, eq, lte, sql } from "drizzle-orm";
import {
  countryName,
  formatMoney,
  toMajorUnits,
  type Currency,
  type DutiesNotice,
  type DutyBase,
  type DutyRateCreateInput,
  type DutyRateView,
  type ImportCurrency,
  type ImportRulePatch,
  type ImportRuleView,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../lib/failures";
import { refusal } from "../../errors";
import { estimateDuties, type DutyEstimate, type EstimateLine, type ImportRule } from "./estimate";
import { dutyRates, importRules } from "./tables";

type RuleRow = typeof importRules.$inferSelect;
type RateRow = typeof dutyRates.$inferSelect;

const pct = (bps: number) => bps / 100;
const toBps = (percent: number) => Math.round(percent * 100);

function rateView(row: RateRow): DutyRateView {
  return {
    id: row.id,
    hs_prefix: row.hsPrefix,
    rate: pct(row.rateBps),
    effective_from: row.effectiveFrom,
    source_url: row.sourceUrl,
  };
}

function ruleView(row: RuleRow, rates: RateRow[]): ImportRuleView {
  return {
    code: row.code,
    name: row.name,
    countries: row.countries,
    currency: row.currency as ImportCurrency,
    threshold: toMajorUnits(row.thresholdMinor),
    usd_per_unit: row.usdMicros / 1_000_000,
    tax_follows_threshold: row.taxFollowsThreshold,
    duty_base: row.dutyBase as DutyBase,
    tax_base: row.taxBase as DutyBase,
    tax_name: row.taxName,
    tax_rate: pct(row.taxRateBps),
    country_tax_rates: Object.fromEntries(Object.entries(row.countryTaxBps).map(([c, b]) => [c, pct(b)])),
    default_duty_rate: pct(row.defaultDutyBps),
    extra_duty_rate: pct(row.extraDutyBps),
    ddp: row.ddp,
    effective_from: row.effectiveFrom,
    source_url: row.sourceUrl,
    note: row.note,
    duty_rates: rates.filter((r) => r.ruleCode === row.code).map(rateView),
  };
}

/** Every destination's rule with all its duty rates (past, in force and scheduled), for the back office. */
export async function listImportRules(db: Db | Tx): Promise<ImportRuleView[]> {
  const [rules, rates] = await Promise.all([
    db.select().from(importRules).orderBy(asc(importRules.code)),
    db.select().from(dutyRates).orderBy(asc(dutyRates.hsPrefix), asc(dutyRates.effectiveFrom)),
  ]);
  return rules.map((r) => ruleView(r, rates));
}

async function findRule(db: Db | Tx, code: string, lock = false): Promise<ImportRuleView> {
  const query = db.select().from(importRules).where(eq(importRules.code, code));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw refusal("not_found", "NOT_FOUND", `There is no import rule for ${code}.`);
  const rates = await db.select().from(dutyRates).where(eq(dutyRates.ruleCode, code)).orderBy(asc(dutyRates.hsPrefix));
  return ruleView(row, rates);
}

/** The seller's edit of a rule; answers the rule before and after, for the audit log. */
export async function updateImportRule(
  tx: Tx,
  code: string,
  patch: ImportRulePatch,
): Promise<{ before: ImportRuleView; after: ImportRuleView }> {
  const before = await findRule(tx, code, true);
  if (patch.country_tax_rates) {
    const foreign = Object.keys(patch.country_tax_rates).filter((c) => !before.countries.includes(c));
    if (foreign.length > 0)
      throw refusal(
        "unprocessable",
        "COUNTRY_NOT_IN_RULE",
        `${foreign.join(", ")} ${foreign.length === 1 ? "is" : "are"} not among this rule's countries.`,
      );
  }
  const set: Partial<typeof importRules.$inferInsert> = {
    ...(patch.threshold !== undefined && { thresholdMinor: Math.round(patch.threshold * 100) }),
    ...(patch.usd_per_unit !== undefined && { usdMicros: Math.max(1, Math.round(patch.usd_per_unit * 1_000_000)) }),
    ...(patch.tax_follows_threshold !== undefined && { taxFollowsThreshold: patch.tax_follows_threshold }),
    ...(patch.duty_base !== undefined && { dutyBase: patch.duty_base }),
    ...(patch.tax_base !== undefined && { taxBase: patch.tax_base }),
    ...(patch.tax_name !== undefined && { taxName: patch.tax_name }),
    ...(patch.tax_rate !== undefined && { taxRateBps: toBps(patch.tax_rate) }),
    ...(patch.country_tax_rates !== undefined && {
      countryTaxBps: Object.fromEntries(Object.entries(patch.country_tax_rates).map(([c, p]) => [c, toBps(p)])),
    }),
    ...(patch.default_duty_rate !== undefined && { defaultDutyBps: toBps(patch.default_duty_rate) }),
    ...(patch.extra_duty_rate !== undefined && { extraDutyBps: toBps(patch.extra_duty_rate) }),
    ...(patch.ddp !== undefined && { ddp: patch.ddp }),
    ...(patch.effective_from !== undefined && { effectiveFrom: patch.effective_from }),
    ...(patch.source_url !== undefined && { sourceUrl: patch.source_url }),
    ...(patch.note !== undefined && { note: patch.note }),
  };
  await tx.update(importRules).set(set).where(eq(importRules.code, code));
  return { before, after: await findRule(tx, code) };
}

/** A duty rate for an HS prefix from a day; one per prefix and day (409 otherwise). */
export async function addDutyRate(tx: Tx, code: string, input: DutyRateCreateInput): Promise<DutyRateView> {
  await findRule(tx, code, true);
  try {
    const [row] = await tx
      .insert(dutyRates)
      .values({
        ruleCode: code,
        hsPrefix: input.hs_prefix,
        rateBps: toBps(input.rate),
        effectiveFrom: input.effective_from,
        sourceUrl: input.source_url,
      })
      .returning();
    return rateView(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw refusal(
        "conflict",
        "DUTY_RATE_EXISTS",
        `${code} already has a rate for ${input.hs_prefix} from ${input.effective_from}; remove it first.`,
      );
    throw error;
  }
}

export async function deleteDutyRate(tx: Tx, id: number): Promise<DutyRateView & { rule_code: string }> {
  const [row] = await tx.delete(dutyRates).where(eq(dutyRates.id, id)).returning();
  if (!row) throw refusal("not_found", "NOT_FOUND", "This duty rate does not exist.");
  return { ...rateView(row), rule_code: row.ruleCode };
}

/** The rule covering `country` with the duty rates in force on `day` (the latest per prefix), or null. */
export async function importRuleFor(db: Db | Tx, country: string, day: string): Promise<ImportRule | null> {
  const [row] = await db
    .select()
    .from(importRules)
    .where(sql`${country} = any(${importRules.countries})`)
    .limit(1);
  if (!row) return null;
  const rates = await db
    .select({ hsPrefix: dutyRates.hsPrefix, rateBps: dutyRates.rateBps })
    .from(dutyRates)
    .where(and(eq(dutyRates.ruleCode, row.code), lte(dutyRates.effectiveFrom, day)))
    .orderBy(asc(dutyRates.effectiveFrom));
  // Ordered by day: the last one written for a prefix is the one in force.
  const inForce = new Map(rates.map((r) => [r.hsPrefix, r.rateBps]));
  return {
    code: row.code,
    name: row.name,
    countries: row.countries,
    currency: row.currency,
    thresholdMinor: row.thresholdMinor,
    usdMicros: row.usdMicros,
    taxFollowsThreshold: row.taxFollowsThreshold,
    dutyBase: row.dutyBase as DutyBase,
    taxBase: row.taxBase as DutyBase,
    taxName: row.taxName,
    taxRateBps: row.taxRateBps,
    countryTaxBps: row.countryTaxBps,
    defaultDutyBps: row.defaultDutyBps,
    extraDutyBps: row.extraDutyBps,
    ddp: row.ddp,
    dutyRates: inForce,
  };
}

export interface DutiesInput {
  /** ISO 3166 code of the delivery country. */
  country: string;
  lines: readonly EstimateLine[];
  /** The shipping fee the buyer pays, in minor units of `currency`. */
  shippingMinor: number;
  currency: Currency;
  /** The day (IST) whose duty rates apply. */
  day: string;
}

/**
 * The service other code calls: the estimate of import duties and taxes for a delivery to `country`, or
 * null for India (no import) and for a country without a rule.
 */
export async function estimateImportCharges(db: Db | Tx, input: DutiesInput): Promise<DutyEstimate | null> {
  if (input.country === "IN") return null;
  const rule = await importRuleFor(db, input.country, input.day);
  if (!rule) return null;
  return estimateDuties(rule, { ...input, countryName: countryName(input.country) ?? input.country });
}

/**
 * What the cart and checkout say (the spec's "duties and taxes are extra"): nothing for India; the estimate
 * where the destination has a rule, as a charged line when the seller collects it; a sentence without a
 * figure elsewhere.
 */
export function dutiesNotice(country: string, estimate: DutyEstimate | null): DutiesNotice | null {
  if (country === "IN") return null;
  if (!estimate) {
    return {
      country,
      notice:
        "Import duties and taxes are not included: your country's customs may charge them, and the carrier collects them at delivery.",
      estimate: null,
      charged: false,
    };
  }
  const money = formatMoney(toMajorUnits(estimate.totalMinor), estimate.currency);
  const where = `for ${estimate.destination}`;
  let notice: string;
  if (estimate.ddp)
    notice =
      estimate.totalMinor > 0
        ? `Import duties and taxes ${where}: ${money}, collected now with your order, so nothing is due at delivery. This is our estimate of what customs charge.`
        : `Import duties and taxes ${where}: none expected for this order, so nothing is due at delivery. This is an estimate.`;
  else if (estimate.totalMinor === 0)
    notice = `Estimated import duties and taxes ${where}: none expected for this order. If customs charge any, they are paid to the carrier at delivery. This is an estimate.`;
  else
    notice = `Estimated import duties and taxes ${where}: about ${money}, paid to the carrier at delivery. This is an estimate.`;
  const base = (b: DutyBase) => (b === "goods" ? "the goods' value" : "the goods and shipping");
  const threshold = formatMoney(toMajorUnits(estimate.thresholdMinor), estimate.currency);
  const basis = estimate.belowThreshold
    ? `Goods at or below the duty-free threshold of about ${threshold}: no duty${estimate.taxMinor > 0 ? `; ${estimate.taxName} ${pct(estimate.taxRateBps)}% of ${base(estimate.taxBase)}` : ""}.`
    : `${estimate.thresholdMinor > 0 ? `Goods above the duty-free threshold of about ${threshold}` : "No duty-free threshold"}: duty on ${base(estimate.dutyBase)}${estimate.taxRateBps > 0 ? `, ${estimate.taxName} ${pct(estimate.taxRateBps)}% of ${base(estimate.taxBase)} and duty` : ""}.`;
  return {
    country,
    notice,
    estimate: {
      rule: estimate.rule,
      destination: estimate.destination,
      below_threshold: estimate.belowThreshold,
      duty: toMajorUnits(estimate.dutyMinor),
      tax: toMajorUnits(estimate.taxMinor),
      total: toMajorUnits(estimate.totalMinor),
      tax_name: estimate.taxName,
      basis,
    },
    charged: estimate.ddp && estimate.totalMinor > 0,
  };
}
