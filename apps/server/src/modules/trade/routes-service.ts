import type { TradeApplyRequest, TradeTerms } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { offerPriceFor, quantityRules, tradePricingFor } from "./pricing";
import { applyForTrade, tradeStatus } from "./service";
import type { Currency } from "@store/shared";

/** The storefront's side of trade accounts (decision 097): apply, the application's state, a product's terms. */
export function createTradeService(db: Db) {
  return {
    status: async (user: SessionUser) => ({ application: await tradeStatus(db, user.id) }),
    apply: (user: SessionUser, input: TradeApplyRequest) => applyForTrade(db, user.id, input),
    /**
     * For the product page of a signed-in approved trade buyer: the price of each size in `currency` and the
     * product's terms; null for anyone else (the page then shows, and may cache, retail prices).
     */
    async productTerms(
      user: Pick<SessionUser, "id"> | null,
      product: { id: number; sizes: readonly { size: string; offerCents: number }[] },
      currency: Currency,
    ): Promise<{ terms: TradeTerms; prices: Record<string, number> } | null> {
      const pricing = await tradePricingFor(db, user?.id);
      if (!pricing) return null;
      const rule = (await quantityRules(db, [product.id])).get(product.id);
      return {
        terms: { group_name: pricing.groupName, min_quantity: rule?.minQuantity ?? 1, case_pack: rule?.casePack ?? 1 },
        prices: Object.fromEntries(
          product.sizes.map((s) => [
            s.size,
            offerPriceFor(pricing, currency, { productId: product.id, size: s.size, offerCents: s.offerCents }),
          ]),
        ),
      };
    },
    /** Whether this signed-in visitor is an approved trade buyer: their pages must not enter the shared cache. */
    isTradeBuyer: async (userId: number | null | undefined) => (await tradePricingFor(db, userId)) !== null,
  };
}
