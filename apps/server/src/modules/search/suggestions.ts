import {
  listingPath,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
  type CategoryListResponse,
  type SearchResponse,
  type SearchSuggestionsQuery,
  type SearchSuggestionsResponse,
} from "@store/shared";
import { normaliseSearchText } from "./service";

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** At most one letter added, dropped or changed: "kurtaa", "cushon", "sarog" still name their listing. */
function nearlySame(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  const rest = (x: string, skip: number) => x.slice(i + skip);
  return rest(a, 1) === rest(b, 1) || rest(a, 1) === rest(b, 0) || rest(a, 0) === rest(b, 1);
}

/**
 * A name matches when every typed word starts one of its words ("cush" finds Cushion Cover), or, from four
 * letters on, is one letter away from one (typos, as search tolerates them).
 */
function nameMatches(name: string, typed: readonly string[]): boolean {
  const own = words(name);
  return typed.every((word) => own.some((w) => w.startsWith(word) || (word.length >= 4 && nearlySame(w, word))));
}

/** Categories and subcategories whose names match the typed words, categories first, each with its listing. */
export function suggestedCategories(list: CategoryListResponse, text: string): SearchSuggestionsResponse["categories"] {
  const typed = words(text);
  if (typed.length === 0) return [];
  const found: SearchSuggestionsResponse["categories"] = [];
  for (const category of list.categories) {
    if (nameMatches(category.name, typed)) found.push({ name: category.name, path: listingPath(category.slug) });
  }
  for (const category of list.categories) {
    for (const sub of category.subcategories) {
      if (nameMatches(sub.name, typed) || nameMatches(`${sub.name} ${category.name}`, typed))
        found.push({ name: `${titleCase(sub.name)} (${category.name})`, path: listingPath(category.slug, sub.name) });
    }
  }
  return found.slice(0, SUGGESTED_CATEGORIES);
}

const titleCase = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/**
 * The overlay's suggestions: the first products of the same search the results page runs (so typos are
 * tolerated the same way, and its answers are cached with the catalogue), and matching listings.
 */
export async function searchSuggestions(
  query: SearchSuggestionsQuery,
  search: (query: {
    query: string;
    page: number;
    page_size: number;
    currency: SearchSuggestionsQuery["currency"];
  }) => Promise<SearchResponse>,
  categories: () => Promise<CategoryListResponse>,
): Promise<SearchSuggestionsResponse> {
  const text = normaliseSearchText(query.query);
  const [found, list] = await Promise.all([
    search({ query: text, page: 1, page_size: SUGGESTED_PRODUCTS, currency: query.currency }),
    categories(),
  ]);
  return {
    products: found.data.map((p) => ({
      id: p.id,
      name: p.product_name,
      main_image: p.main_image,
      offer_price: p.offer_price,
      currency: p.currency,
    })),
    categories: suggestedCategories(list, text),
  };
}
