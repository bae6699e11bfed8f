import type { ProductDetailResponse, ProductListItem } from "@store/shared";
import { useEffect } from "react";
import { ProductGrid, ProductGridSkeleton } from "./product-grid";
import { useApiGet } from "../../lib/use-api-get";
import { useNearViewport } from "../../lib/use-near-viewport";

const RELATED_SHOWN = 4;

/**
 * "You may also like": same category, never the same product_code (spec). A secondary section, so it
 * loads in the browser when scrolled near, unless a client navigation already brought it along.
 */
export function RelatedProducts({
  productId,
  productCode,
  currency,
  preloaded,
}: {
  productId: number;
  productCode: number;
  currency: string;
  preloaded: ProductListItem[] | null;
}) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const state = useApiGet<ProductDetailResponse>(
    "/api/get-product-detail/",
    { product_pk: productId, size: "S", currency },
    near && !preloaded,
  );
  useEffect(() => {
    // Spec-wise a secondary section: a failure is logged and the section left out.
    if (state.status === "error") console.error("Related products failed", state.error);
  }, [state]);

  const related = preloaded ?? (state.status === "success" ? state.data.related_product : null);
  const shown = related?.filter((p) => p.product_code !== productCode).slice(0, RELATED_SHOWN);
  const hidden = shown?.length === 0 || state.status === "error";

  return (
    <div ref={ref}>
      {!hidden && (
        <section aria-labelledby="related-heading" className="mt-20 border-t border-linen pt-12">
          <h2 id="related-heading" className="text-3xl font-semibold text-indigo-ink">
            You may also like
          </h2>
          <div className="mt-8">
            {shown ? (
              <ProductGrid products={shown} label="Related products" />
            ) : (
              <ProductGridSkeleton count={RELATED_SHOWN} label="Loading related products" />
            )}
          </div>
        </section>
      )}
    </div>
  );
}
