import { MESSAGES, SKELETON_COUNTS, type TopSellingResponse } from "@store/shared";
import { useEffect } from "react";
import { Link } from "react-router";
import { useCurrency } from "../../lib/currency-context";
import { ProductGrid, ProductGridSkeleton } from "../product/product-grid";
import { TradePricesNote, useTradeListPrices } from "../product/use-trade-list-prices";
import { useApiGet } from "../../lib/use-api-get";
import { SectionHeading } from "./section-heading";

/**
 * Popular products, fetched in the browser after hydration. Spec: 8 skeleton cards while loading, only
 * products that are both top_selling and is_active, and a failure is only logged.
 */
export function PopularProducts() {
  const currency = useCurrency();
  const state = useApiGet<TopSellingResponse>("/api/product/get-top-selling-product/", { currency });
  useEffect(() => {
    if (state.status === "error") console.error("Top-selling products failed", state.error);
  }, [state]);

  const products =
    state.status === "success"
      ? state.data.data.filter((p) => p.top_selling && p.is_active).slice(0, SKELETON_COUNTS.popularProducts)
      : [];
  const shown = useTradeListPrices(products);

  return (
    <section aria-labelledby="popular-heading" className="mx-auto max-w-7xl px-4 pt-16 sm:pt-20">
      <SectionHeading id="popular-heading" eyebrow="Loved by our customers" title={MESSAGES.popularProductsTitle}>
        <Link to="/best-sellers" className="font-medium text-madder underline-offset-4 hover:underline">
          See all best sellers <span aria-hidden="true">→</span>
        </Link>
      </SectionHeading>
      {state.status === "loading" ? (
        <ProductGridSkeleton count={SKELETON_COUNTS.popularProducts} label="Loading popular products" />
      ) : (
        <>
          <TradePricesNote group={shown.group} />
          <ProductGrid products={shown.products} label="Popular products" />
        </>
      )}
    </section>
  );
}
