import type { Db } from "@store/server/db/client";
import { products } from "@store/server/schema";
import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import { FIRST_SYNTHETIC_CODE, styleCode } from "../seed/synthetic-products";

/** A query shoppers type, and why it is in the set (each exercises a different path of the search). */
export interface SearchCase {
  name: string;
  query: string;
  why: string;
  /** When set: the first result's name must match, or the search is wrong however fast it is. */
  expectFirst?: RegExp;
}

/** Stands in for a product code word when the catalogue has no synthetic products (demo only). */
const RARE_DEMO_WORD = "chindi";

export const COMMON_CASE: SearchCase = {
  name: "common word",
  query: "cotton",
  why: "full text; matches ~40% of products (counted to 1000)",
};
export const TYPO_CASE: SearchCase = {
  name: "typo",
  query: "kaftn",
  why: "no full-text match: corrected to a name word, full text again",
  expectFirst: /kaftan/i,
};

/** The set the search-scale benchmark times; the API load uses common, rare and typo. */
export function searchCases(rareWord: string): SearchCase[] {
  return [
    COMMON_CASE,
    { name: "uncommon word", query: "chindi", why: "full text; one demo product's word (~0.6%)" },
    { name: "rare word", query: rareWord, why: "full text; a product's style code, one match" },
    { name: "two words", query: "indigo kaftan", why: "full text, both words" },
    TYPO_CASE,
    {
      name: "typo phrase",
      query: "cushon cover",
      why: "one word corrected to a name word, full text again",
      expectFirst: /cushion cover/i,
    },
    {
      name: "fallback",
      query: "blue dress",
      why: "no product has both words: full text, then correction (and any-word)",
    },
  ];
}

/** The style code of a synthetic product halfway through the catalogue: a word exactly one product has. */
export async function rareWord(db: Db): Promise<string> {
  const synthetic = and(gte(products.productCode, FIRST_SYNTHETIC_CODE), eq(products.isActive, true));
  const [total] = await db.select({ n: count() }).from(products).where(synthetic);
  const [middle] = await db
    .select({ code: products.productCode })
    .from(products)
    .where(synthetic)
    .orderBy(asc(products.productCode))
    .limit(1)
    .offset(Math.floor((total?.n ?? 0) / 2));
  return middle ? styleCode(middle.code) : RARE_DEMO_WORD;
}

/**
 * Distinct queries shoppers might type, three words of a product's name each ("rust marigold dress"), from
 * products spread over the catalogue: more of them than the search answer cache keeps, so taking them in
 * turn misses it every time and the load measures the database (the other search rows repeat one query,
 * which after the first request measures the cache).
 */
export async function distinctQueries(db: Db, n: number): Promise<string[]> {
  const rows = await db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(sql`md5(${products.id}::text)`)
    .limit(n * 2);
  const queries = new Set<string>();
  for (const { name } of rows) {
    const words = name.toLowerCase().split(/\s+/);
    if (words.length >= 3) queries.add(`${words[0]} ${words[1]} ${words.at(-1)}`);
  }
  return [...queries].slice(0, n);
}
