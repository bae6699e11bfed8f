import type { SearchQuery, SearchResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { createCatalogCache } from "../catalog/cache";
import { loadProductCards } from "../catalog/product-cards";
import { pageOfMatches, type MatchPage } from "./matches";
import { correctedText, fuzzyWords } from "./typos";

/**
 * Control characters carry no meaning in a search box, and PostgreSQL rejects NUL in text outright;
 * whitespace runs are collapsed so "  block   print " and "block print" are the same search.
 */
export function normaliseSearchText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * Answers kept, each a search page of cards with its encoded bodies (http/cached-json.ts): bounded so the
 * memory they take is (decision 042). Shoppers repeat the popular words; the long tail of one-off queries
 * is what the least recently used eviction drops.
 */
const CACHED_ANSWERS = 500;

/**
 * The cache key: everything that changes the answer. Full text and typo correction ignore case, so
 * "Cotton" and "cotton" share an entry.
 */
const answerKey = (text: string, { page, page_size, currency }: SearchQuery) =>
  `${page}:${page_size}:${currency}:${text.toLowerCase()}`;

/**
 * Product search in up to three steps of PostgreSQL full text (stemmed, GIN indexed); a step runs only
 * when the ones before it found nothing, so a normal search is one full-text step.
 *   1. Every word of the query.
 *   2. Typos: each word the catalogue does not know is replaced by the closest word of a product name
 *      (trigram similarity against a dictionary of name words, kept by triggers), then every word again:
 *      "kaftn" searches "kaftan", "cushon cover" "cushion cover".
 *   3. Any word (of the corrected query), so "zzqxjv dress" still shows the dresses.
 * Each step lists products with the words in their name first, newest first (see pageOfMatches).
 */
export function createSearchService(db: Db) {
  async function firstMatchingStep(text: string, offset: number, pageSize: number): Promise<MatchPage | null> {
    // Step 2's corrections come with step 1's answer, worked out only when it found nothing.
    const exact = await pageOfMatches(db, "every", text, offset, pageSize, fuzzyWords(text));
    if (exact.page) return exact.page;
    const corrected = exact.meant ? correctedText(text, exact.meant) : null;
    const fixed = corrected === null ? null : (await pageOfMatches(db, "every", corrected, offset, pageSize)).page;
    return fixed ?? (await pageOfMatches(db, "any", corrected ?? text, offset, pageSize)).page;
  }

  async function answer(text: string, query: SearchQuery): Promise<SearchResponse> {
    const { page, page_size, currency } = query;
    const found = text ? await firstMatchingStep(text, (page - 1) * page_size, page_size) : null;
    if (!found) return { data: [], total: 0, total_is_capped: false, page, page_size, currency };
    const data = await loadProductCards(db, found.ids, currency);
    return { data, total: found.total, total_is_capped: found.totalIsCapped, page, page_size, currency };
  }

  // Cached with the catalogue (decision 042): a change to a product, a price, stock or a name empties it
  // when it commits, so the next search reads the database again; concurrent identical searches share one.
  const cache = createCatalogCache({ maxEntries: CACHED_ANSWERS });

  return {
    /**
     * Active products matching the shopper's words, best first, one page at a time; blank finds nothing.
     * The same object is handed out while it is valid (the route sends its encoded body): never mutate it.
     */
    search(query: SearchQuery): Promise<SearchResponse> {
      const text = normaliseSearchText(query.query);
      return cache.get(answerKey(text, query), () => answer(text, query));
    },
    /** The database's answer, every time: what a search the cache has not seen costs (bench/search-scale.ts). */
    searchUncached(query: SearchQuery): Promise<SearchResponse> {
      return answer(normaliseSearchText(query.query), query);
    },
  };
}
