import { and, eq, inArray } from "drizzle-orm";
import { priceIn, type Currency } from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import { tradeApplications, tradeGroups, tradePrices, tradeProductRules } from "./tables";

/**
 * What an approved trade buyer pays (decision 097): the group's fixed rupee price for the product's size, or
 * for all its sizes, wins; otherwise the group's percentage off the retail price. Read once per cart answer,
 * quote or product page, never cached across visitors.
 */
export interface TradePricing {
  groupId: number;
  groupName: string;
  percentOff: number;
  /** Paise by `${productId}|${size}`, and `${productId}|` for every size. */
  fixed: Map<string, number>;
}

/** The buyer's approved trade terms, or null: no account, no approved application. */
export async function tradePricingFor(db: Db, userId: number | null | undefined): Promise<TradePricing | null> {
  if (!userId) return null;
  const [group] = await db
    .select({ id: tradeGroups.id, name: tradeGroups.name, percentOff: tradeGroups.percentOff })
    .from(tradeApplications)
    .innerJoin(tradeGroups, eq(tradeGroups.id, tradeApplications.groupId))
    .where(and(eq(tradeApplications.userId, userId), eq(tradeApplications.status, "approved")))
    .limit(1);
  if (!group) return null;
  const prices = await db
    .select({ productId: tradePrices.productId, size: tradePrices.size, paise: tradePrices.pricePaise })
    .from(tradePrices)
    .where(eq(tradePrices.groupId, group.id));
  return {
    groupId: group.id,
    groupName: group.name,
    percentOff: group.percentOff,
    fixed: new Map(prices.map((p) => [`${p.productId}|${p.size}`, p.paise])),
  };
}

/**
 * A size's price in `currency` (major units) for a buyer with `pricing` (null: the retail price). A fixed
 * price is in rupees, so a USD cart gets the percentage only.
 */
export function offerPriceFor(
  pricing: TradePricing | null,
  currency: Currency,
  line: { productId: number; size: string; offerCents: number },
): number {
  const retail = priceIn(currency, line.offerCents);
  if (!pricing) return retail;
  if (currency === "INR") {
    const fixed = pricing.fixed.get(`${line.productId}|${line.size}`) ?? pricing.fixed.get(`${line.productId}|`);
    if (fixed !== undefined) return fixed / 100;
  }
  return Math.round((retail * (100 - pricing.percentOff)) / 100);
}

export interface QuantityRule {
  minQuantity: number;
  casePack: number;
}

/** The products' minimum order and case pack; a product without a row has neither (1 and 1). */
export async function quantityRules(db: Db, productIds: readonly number[]): Promise<Map<number, QuantityRule>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tradeProductRules)
    .where(inArray(tradeProductRules.productId, [...new Set(productIds)]));
  return new Map(rows.map((r) => [r.productId, { minQuantity: r.minQuantity, casePack: r.casePack }]));
}

/** A trade buyer's quantity of a product must reach its minimum and be whole packs: a 422 saying which. */
export function assertTradeQuantity(rule: QuantityRule | undefined, name: string, quantity: number): void {
  if (!rule) return;
  if (quantity < rule.minQuantity)
    throw refusal("unprocessable", "BELOW_MINIMUM", `Minimum ${rule.minQuantity} pieces of ${name} for trade orders.`);
  if (quantity % rule.casePack !== 0)
    throw refusal(
      "unprocessable",
      "NOT_CASE_PACK",
      `${name} is sold in packs of ${rule.casePack}: please order a multiple of ${rule.casePack}.`,
    );
}

/**
 * For a trade buyer: every product's pieces in `lines` (all sizes together) checked against its rules.
 * Nothing for a retail buyer.
 */
export async function assertTradeQuantities(
  db: Db,
  pricing: TradePricing | null,
  lines: readonly { productId: number; name: string; quantity: number }[],
): Promise<void> {
  if (!pricing || lines.length === 0) return;
  const rules = await quantityRules(
    db,
    lines.map((l) => l.productId),
  );
  const pieces = new Map<number, { name: string; quantity: number }>();
  for (const l of lines) {
    const seen = pieces.get(l.productId);
    pieces.set(l.productId, { name: l.name, quantity: (seen?.quantity ?? 0) + l.quantity });
  }
  for (const [productId, p] of pieces) assertTradeQuantity(rules.get(productId), p.name, p.quantity);
}

/** For other modules (checkout: the GSTIN to prefill, bank transfer allowed): the account's approved trade terms. */
export async function approvedTradeBuyer(
  db: Db,
  accountId: number,
): Promise<{ accountId: number; gstin: string; businessName: string; groupId: number } | null> {
  const [row] = await db
    .select({
      gstin: tradeApplications.gstin,
      businessName: tradeApplications.businessName,
      groupId: tradeApplications.groupId,
    })
    .from(tradeApplications)
    .where(and(eq(tradeApplications.userId, accountId), eq(tradeApplications.status, "approved")))
    .limit(1);
  if (!row?.groupId) return null;
  return { accountId, gstin: row.gstin, businessName: row.businessName, groupId: row.groupId };
}
