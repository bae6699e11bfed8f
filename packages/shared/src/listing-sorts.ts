/**
 * The listing's sort names and URL parameters, apart from their zod schema (schemas/listing-filters.ts): the
 * listing page's browser code uses these, and a browser chunk carries whole modules, so the schema (and zod)
 * would ride along (decision 047).
 */
/**
 * A listing's sort orders (issue 40, point 4). Absent: the seller's own order (oldest or newest first).
 * The keys are what the URL carries, so a sorted page can be shared.
 */
export const LISTING_SORTS = ["newest", "price_asc", "price_desc", "best_selling", "rating"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: "Newest",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  best_selling: "Best selling",
  rating: "Top rated",
};

/** The query parameter names of the sort and filters, in the order a URL lists them. */
export const LISTING_FILTER_KEYS = ["sort", "min_price", "max_price", "size", "colour", "material"] as const;

/** The sort and filter parameters of a listing page's URL, as given (lists for the repeatable ones). */
export function listingParamsOf(params: URLSearchParams): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const key of LISTING_FILTER_KEYS) {
    const values = params.getAll(key).filter((v) => v !== "");
    if (values.length > 0)
      raw[key] = key === "size" || key === "colour" || key === "material" ? values : (values[0] ?? "");
  }
  return raw;
}
