import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { TaxRateCreateInput, TaxRateView, TaxRuleCreateInput, TaxRuleView } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { duplicateField, invalidField, notFound, onDuplicate } from "../../lib/failures";
import { products, subcategories, taxRates, taxRules } from "./tables";

/**
 * The catalogue's GST rate rules as the back office edits them (decision 033). `today` is the IST day the
 * caller reads the clock as: a rate whose date is on or before it may already be on an invoice, so it is
 * never changed or deleted; the seller adds a row with a later date instead.
 */

type RateRow = typeof taxRates.$inferSelect;

/** Each rate's status on `today`; `rows` newest date first. */
function rateViews(rows: readonly RateRow[], today: string): TaxRateView[] {
  const inForce = rows.find((r) => r.effectiveFrom <= today);
  return rows.map((r) => ({
    id: r.id,
    effective_from: r.effectiveFrom,
    rate_bps: r.rateBps,
    threshold_minor: r.thresholdMinor,
    rate_above_bps: r.rateAboveBps,
    status: r.effectiveFrom > today ? "scheduled" : r === inForce ? "in_force" : "past",
  }));
}

/** Every rule (by name) with its rates, newest date first, and how many products it classes (its own or by default). */
export async function listTaxRules(db: Db | Tx, today: string): Promise<TaxRuleView[]> {
  const ruleOf = sql<number | null>`coalesce(${products.taxRuleId}, ${subcategories.taxRuleId})`;
  const [rules, rates, counts] = await Promise.all([
    db.select().from(taxRules).orderBy(asc(taxRules.name)),
    db.select().from(taxRates).orderBy(desc(taxRates.effectiveFrom)),
    db
      .select({ ruleId: ruleOf, n: count() })
      .from(products)
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .groupBy(ruleOf),
  ]);
  return rules.map((rule) => ({
    id: rule.id,
    name: rule.name,
    description: rule.description,
    product_count: counts.find((c) => c.ruleId === rule.id)?.n ?? 0,
    rates: rateViews(
      rates.filter((r) => r.ruleId === rule.id),
      today,
    ),
  }));
}

export async function loadTaxRule(db: Db | Tx, id: number, today: string): Promise<TaxRuleView> {
  const rule = (await listTaxRules(db, today)).find((r) => r.id === id);
  if (!rule) throw notFound("Tax rule");
  return rule;
}

/** A new rule without rates; a name already taken is a 409 on `name`. */
export async function createTaxRule(tx: Tx, input: TaxRuleCreateInput): Promise<number> {
  const [taken] = await tx.select({ id: taxRules.id }).from(taxRules).where(eq(taxRules.name, input.name));
  if (taken) throw duplicateField("name", `A rule named "${input.name}" already exists.`);
  const [row] = await onDuplicate(
    () => tx.insert(taxRules).values(input).returning({ id: taxRules.id }),
    () => duplicateField("name", `A rule named "${input.name}" already exists.`),
  );
  if (!row) throw new Error("tax rule insert returned no row");
  return row.id;
}

const basisPoints = (percent: number) => Math.round(percent * 100);

/** A rate from `effective_from` on; one date per rule (409 on `effective_from`). Answers the new rate's id. */
export async function addTaxRate(tx: Tx, ruleId: number, input: TaxRateCreateInput): Promise<number> {
  // The rule's row lock makes two sellers adding the same date take turns, so the second gets the 409.
  const [rule] = await tx.select({ id: taxRules.id }).from(taxRules).where(eq(taxRules.id, ruleId)).for("update");
  if (!rule) throw notFound("Tax rule");
  const sameDay = () =>
    duplicateField(
      "effective_from",
      `This rule already has a rate from ${input.effective_from}: choose another date (a rate in force is replaced by one with a later date).`,
    );
  const [taken] = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.ruleId, ruleId), eq(taxRates.effectiveFrom, input.effective_from)));
  if (taken) throw sameDay();
  const threshold = input.threshold ?? null;
  const above = input.rate_above ?? null;
  // The schema pairs them; this is the service's own word, so a caller that skipped it gets a 400, not a 500.
  if ((threshold === null) !== (above === null))
    throw invalidField("rate_above", "Enter both the threshold and the rate above it, or neither");
  const [row] = await onDuplicate(
    () =>
      tx
        .insert(taxRates)
        .values({
          ruleId,
          effectiveFrom: input.effective_from,
          rateBps: basisPoints(input.rate),
          thresholdMinor: threshold === null ? null : Math.round(threshold * 100),
          rateAboveBps: above === null ? null : basisPoints(above),
        })
        .returning({ id: taxRates.id }),
    sameDay,
  );
  if (!row) throw new Error("tax rate insert returned no row");
  return row.id;
}

/** Deletes a rate whose date is still ahead of `today`; one in force or past may be on an invoice (409). */
export async function deleteTaxRate(tx: Tx, ruleId: number, rateId: number, today: string): Promise<TaxRateView> {
  const [rate] = await tx
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.id, rateId), eq(taxRates.ruleId, ruleId)))
    .for("update");
  if (!rate) throw notFound("Tax rate");
  if (rate.effectiveFrom <= today)
    throw new AppError(
      "conflict",
      `The rate from ${rate.effectiveFrom} is already in force, so invoices may use it: add a rate with a later date instead.`,
      "RATE_IN_FORCE",
    );
  await tx.delete(taxRates).where(eq(taxRates.id, rateId));
  const [view] = rateViews([rate], today);
  return view!;
}

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * Why a product cannot be classed under `ruleId` on `today`, as a 400 on `tax_rule_id`: no such rule, or a
 * rule with no rate in force yet (the invoice would have no rate for it).
 */
export async function assertRuleInForce(tx: Db | Tx, ruleId: number, today: string): Promise<void> {
  const [rule] = await tx.select({ name: taxRules.name }).from(taxRules).where(eq(taxRules.id, ruleId));
  if (!rule) throw invalidField("tax_rule_id", "This tax rule does not exist: choose one from the list.");
  const dates = await tx
    .select({ day: taxRates.effectiveFrom })
    .from(taxRates)
    .where(eq(taxRates.ruleId, ruleId))
    .orderBy(asc(taxRates.effectiveFrom));
  if (dates.some((d) => d.day <= today)) return;
  const first = dates[0]?.day;
  throw invalidField(
    "tax_rule_id",
    first
      ? `The rule "${rule.name}" has no rate in force yet (its first rate takes effect on ${longDate(first)}): choose a rule in force today.`
      : `The rule "${rule.name}" has no rate yet: add one on the tax rules page, or choose a rule in force today.`,
  );
}
