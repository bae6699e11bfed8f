/**
 * The URL of a category or subcategory listing, from its (lowercase) names. A module of its own, apart from
 * the category tables: every page's navigation links listings, and a browser chunk carries whole modules,
 * so the tables would ride along on every page (decision 047).
 */
export function listingPath(categorySegment: string, subcategoryName?: string): string {
  const base = `/${encodeURIComponent(categorySegment)}`;
  return subcategoryName ? `${base}/${encodeURIComponent(subcategoryName.toLowerCase())}` : base;
}
