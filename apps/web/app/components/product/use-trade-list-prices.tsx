import { useEffect, useState } from "react";
import type { ProductListItem, TradeListPricesResponse } from "@store/shared";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session";

/**
 * A listing's cards (home, category, search) as a signed-in trade buyer sees them (decision 097). The pages are
 * rendered and cached for everyone with retail prices, so the browser asks for the buyer's trade prices after
 * hydration, and only with a session: a guest costs no request. Not a lazily imported chunk: the API client is
 * in the shell already, and a dynamic import's loader weighed more than this hook (decision 097). If the call
 * fails the cards keep retail prices: the product page and the cart still price the buyer's own way.
 */
export function useTradeListPrices(products: readonly ProductListItem[]) {
  const { token } = useSession();
  const [trade, setTrade] = useState<TradeListPricesResponse | null>(null);
  const ids = products.map((p) => p.id).join(",");
  const currency = products[0]?.currency;
  useEffect(() => {
    if (!token) setTrade(null);
    if (!token || !ids || !currency) return;
    const controller = new AbortController();
    api
      .get<TradeListPricesResponse>("/api/trade/prices/", { product_pks: ids, currency }, { signal: controller.signal })
      .then((answer) => !controller.signal.aborted && setTrade(answer.group_name ? answer : null))
      .catch(() => undefined);
    return () => controller.abort();
  }, [token, ids, currency]);
  if (!trade) return { products, group: null };
  return {
    products: products.map((p) => {
      const price = trade.prices[p.id];
      return price === undefined ? p : { ...p, offer_price: price };
    }),
    group: trade.group_name,
  };
}

/** One line above a trade buyer's cards: the prices shown are the group's. */
export function TradePricesNote({ group }: { group: string | null }) {
  if (!group) return null;
  return (
    <p className="mb-4 rounded-md bg-linen/60 px-3 py-2 text-sm text-indigo-ink" data-testid="trade-list-note">
      Trade prices ({group}) shown; minimums and case packs are on each product.
    </p>
  );
}
