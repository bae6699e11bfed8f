import { useEffect, useState } from "react";
import type { Currency, TradeProductResponse } from "@store/shared";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session";

/**
 * A signed-in approved trade buyer's price per size and terms for this product (decision 097), asked in the
 * browser with the buyer's token: the page the server renders and keeps has retail prices only, so no trade
 * price can reach another visitor through the page cache. Null for everyone else, and until it is known.
 */
export function useTradeTerms(productId: number, currency: Currency): TradeProductResponse | null {
  const { token } = useSession();
  const [trade, setTrade] = useState<TradeProductResponse | null>(null);
  useEffect(() => {
    setTrade(null);
    if (!token) return;
    const controller = new AbortController();
    api
      .get<TradeProductResponse>(
        "/api/trade/product/",
        { product_pk: productId, currency },
        { signal: controller.signal },
      )
      .then(
        (res) => {
          if (!controller.signal.aborted && res.terms) setTrade(res);
        },
        // Retail prices stay shown: the cart answers with the buyer's price anyway.
        () => undefined,
      );
    return () => controller.abort();
  }, [token, productId, currency]);
  return trade;
}

export function TradeTermsLine({ trade }: { trade: TradeProductResponse }) {
  if (!trade.terms) return null;
  const { group_name, min_quantity, case_pack } = trade.terms;
  return (
    <p className="rounded-md bg-linen/60 px-3 py-2 text-sm text-indigo-ink" data-testid="trade-terms">
      Trade price ({group_name}).
      {min_quantity > 1 && ` Minimum ${min_quantity} pieces.`}
      {case_pack > 1 && ` Sold in packs of ${case_pack}.`}
    </p>
  );
}
