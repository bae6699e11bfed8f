import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SearchQuery, SearchResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { loadProductCards } from "../catalog/product-cards";
import { products } from "../catalog/tables";

/**
 * Control characters carry no meaning in a search box, and PostgreSQL rejects NUL in text outright;
 * whitespace runs are collapsed so "  block   print " and "block print" are the same search.
 */
export function normaliseSearchText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
}

/** Words shoppers type that say nothing about a product; full text ignores them too. */
const STOP_WORDS = new Set(["a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"]);
/** Each fuzzy word is one more index condition; a search box query rarely needs more. */
export const MAX_FUZZY_WORDS = 6;

/** The query's distinct content words, lower case, for per-word typo matching against names. */
export function fuzzyWords(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, MAX_FUZZY_WORDS);
}

/**
 * Trigrams need letters: a query like "%_\\" has none and would make the trigram index scan everything,
 * and one or two letters are not a word anyone misspelt.
 */
export const MIN_TYPO_LETTERS = 3;
const typoMatchable = (text: string) => (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_TYPO_LETTERS;

/** Full-text matching and ranking against a tsquery computed once per statement, not once per row. */
function fullText(tsquery: SQL) {
  return {
    from: sql`(select ${tsquery} as tsq) as q`,
    where: sql`${products.searchVector} @@ q.tsq`,
    score: sql`ts_rank(${products.searchVector}, q.tsq)`,
  };
}

/**
 * Product search in up to three steps, each answered from an index; a step runs only when the ones
 * before it found nothing, so a normal search costs one full-text query.
 *   1. Every word: PostgreSQL full text (`@@` on the GIN tsvector index; stemmed; websearch syntax such
 *      as quotes, "or" and "-word"), ranked by ts_rank with name > category > description weights.
 *   2. Typos: trigram word similarity against the name (`<%` on the GIN trigram index), so "kaftn",
 *      "cushon cover" and "cush" still find the products. A product matches when the whole query is
 *      close to part of its name, or every content word is close to some part of it ("indigo kaftn" ~
 *      "Indigo Dabu Long Kaftan"). `<%` uses pg_trgm.word_similarity_threshold (default 0.6): one wrong
 *      or missing letter in a word passes, unrelated words do not.
 *   3. Any word: full text again with the words OR-ed ("blue dress" shows the dresses), ranked so
 *      products with more of the words come first.
 * Typo matching is a fallback, not an arm of every search, because similarity is computed row by row:
 * for a broad word ("cotton") on 100k products it would cost several times the full-text step.
 */
export function createSearchService(db: Db) {
  const steps = {
    allWords: (text: string) => fullText(sql`websearch_to_tsquery('english', ${text})`),
    typos(text: string) {
      const words = fuzzyWords(text);
      const everyWordClose = words.length >= 2
        ? sql` or (${sql.join(words.map((w) => sql`${w} <% ${products.name}`), sql` and `)})`
        : sql``;
      return {
        from: undefined,
        where: sql`(${text} <% ${products.name}${everyWordClose})`,
        score: sql`word_similarity(${text}, ${products.name})`,
      };
    },
    // plainto_tsquery joins plain lexemes with " & " only (no operators of the shopper's), so turning
    // each into " | " is exact; lexemes never contain spaces.
    anyWord: (text: string) => fullText(sql`replace(plainto_tsquery('english', ${text})::text, ' & ', ' | ')::tsquery`),
  };
  type Step = keyof typeof steps;

  /** One page of matching active product ids, best first, each row carrying the total match count. */
  function pageOfMatches(step: Step, text: string, limit: number, offset: number) {
    const { from, where, score } = steps[step](text);
    const base = db.select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(products);
    return (from ? base.innerJoin(from, sql`true`) : base)
      .where(and(eq(products.isActive, true), where))
      .orderBy(desc(score), asc(products.id))
      .limit(limit)
      .offset(offset);
  }

  return {
    /** Active products matching the shopper's words, best first, one page at a time; blank finds nothing. */
    async search(query: SearchQuery): Promise<SearchResponse> {
      const { page, page_size, currency } = query;
      const text = normaliseSearchText(query.query);
      const offset = (page - 1) * page_size;
      if (text) {
        const order: Step[] = typoMatchable(text) ? ["allWords", "typos", "anyWord"] : ["allWords", "anyWord"];
        for (const step of order) {
          const rows = await pageOfMatches(step, text, page_size, offset);
          // Past the last page the window count has no row to ride on; ask for the first match only.
          const total = rows[0]?.total ?? (offset > 0 ? ((await pageOfMatches(step, text, 1, 0))[0]?.total ?? 0) : 0);
          if (total > 0) return { data: await loadProductCards(db, rows.map((r) => r.id), currency), total, page, page_size, currency };
        }
      }
      return { data: [], total: 0, page, page_size, currency };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
