import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  DEFAULT_SIZE,
  type Currency,
  type TradeApplyRequest,
  type TradeListPricesResponse,
  type TradeProductResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { productVariants } from "../catalog/tables";
import { approvedTradeBuyer, offerPriceFor, quantityRules, tradePricingFor } from "./pricing";
import { applyForTrade, tradeStatus } from "./service";

/** The storefront's side of trade accounts (decision 097): apply, the application's state, a product's terms. */
export function createTradeService(db: Db) {
  return {
    async status(user: SessionUser) {
      const buyer = await approvedTradeBuyer(db, user.id);
      return {
        application: await tradeStatus(db, user.id),
        buyer: buyer && { gstin: buyer.gstin, business_name: buyer.businessName },
      };
    },
    apply: (user: SessionUser, input: TradeApplyRequest) => applyForTrade(db, user.id, input),
    /**
     * For the product page of a signed-in approved trade buyer, asked from the browser (the page the server
     * renders, and keeps, has retail prices only): the price of each size in `currency` and the product's
     * minimum and case pack. Anyone else: no terms and no prices.
     */
    async productTerms(user: SessionUser, productId: number, currency: Currency): Promise<TradeProductResponse> {
      const pricing = await tradePricingFor(db, user.id);
      if (!pricing) return { terms: null, prices: {} };
      const sizes = await db
        .select({ size: productVariants.size, offerCents: productVariants.offerPriceCents })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), eq(productVariants.offered, true)))
        .orderBy(asc(productVariants.position));
      const rule = (await quantityRules(db, [productId])).get(productId);
      return {
        terms: { group_name: pricing.groupName, min_quantity: rule?.minQuantity ?? 1, case_pack: rule?.casePack ?? 1 },
        prices: Object.fromEntries(
          sizes.map((s) => [
            s.size,
            offerPriceFor(pricing, currency, { productId, size: s.size, offerCents: s.offerCents }),
          ]),
        ),
      };
    },
    /**
     * For the listing pages' cards, asked from the browser (decision 097): each product's trade price for the
     * size its card shows (the default size, else the cheapest, as catalog's `loadProductCards` picks).
     */
    async listPrices(
      user: SessionUser,
      productIds: readonly number[],
      currency: Currency,
    ): Promise<TradeListPricesResponse> {
      const pricing = await tradePricingFor(db, user.id);
      if (!pricing) return { group_name: null, prices: {} };
      const variants = await db
        .selectDistinctOn([productVariants.productId], {
          productId: productVariants.productId,
          size: productVariants.size,
          offerCents: productVariants.offerPriceCents,
        })
        .from(productVariants)
        .where(and(inArray(productVariants.productId, [...productIds]), eq(productVariants.offered, true)))
        .orderBy(
          productVariants.productId,
          sql`${productVariants.size} = ${DEFAULT_SIZE} desc`,
          asc(productVariants.offerPriceCents),
          asc(productVariants.id),
        );
      return {
        group_name: pricing.groupName,
        prices: Object.fromEntries(variants.map((v) => [String(v.productId), offerPriceFor(pricing, currency, v)])),
      };
    },
  };
}
