import type { ProductListItem } from "@store/shared";
import { useState } from "react";

/** What listing and search pages share: a first page from the loader, then pages fetched from the public API. */
export interface ProductPage {
  data: ProductListItem[];
  total: number;
  page: number;
  page_size: number;
}

export interface ExploreMore {
  products: ProductListItem[];
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** Skeleton cards to show for the page being fetched (its expected size). */
  pendingCount: number;
  loadMore: () => void;
}

/**
 * "Explore More": appends the next page to the loader's first page. Callers key the component using this by
 * the page's URL, so a new category or query starts again from its own first page.
 */
export function useExploreMore(first: ProductPage, fetchPage: (page: number) => Promise<ProductPage>): ExploreMore {
  const [products, setProducts] = useState(first.data);
  const [page, setPage] = useState(first.page);
  const [total, setTotal] = useState(first.total);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const hasMore = products.length < total;
  const loadMore = () => {
    if (loading || !hasMore) return;
    setLoading(true);
    setFailed(false);
    fetchPage(page + 1)
      .then((next) => {
        // A product may have moved between pages since the first one loaded; never show it twice.
        setProducts((shown) => [...shown, ...next.data.filter((p) => !shown.some((s) => s.id === p.id))]);
        setPage(next.page);
        setTotal(next.data.length === 0 ? products.length : next.total);
      })
      .catch((error: unknown) => {
        console.error("Loading more products failed", error);
        setFailed(true);
      })
      .finally(() => setLoading(false));
  };

  return {
    products,
    total,
    hasMore,
    loading,
    failed,
    pendingCount: loading ? Math.min(first.page_size, total - products.length) : 0,
    loadMore,
  };
}
