import { desc, eq, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../catalog/tables";

/**
 * Counting stops here. An exact count of a broad word ("cotton": 40% of 100k products) means reading
 * every match from the table; past this many the answer says "1000+" and pages stop at the cap.
 */
export const COUNT_CAP = 1000;

export interface MatchPage {
  ids: number[];
  /** Exact up to COUNT_CAP, else COUNT_CAP. */
  total: number;
  totalIsCapped: boolean;
}

/** The words are in the name; for a matching product, that is its group. */
const inName = (tsquery: SQL) => sql`${products.nameVector} @@ ${tsquery}`;

/** The search document (name, category, description) matches. */
const inDocument = (tsquery: SQL) => sql`${products.searchVector} @@ ${tsquery}`;

/**
 * The words are in the name, and the whole query holds: one excluding a word ("cotton -dress") must hold
 * for the whole document, which may have the excluded word where the name has not. The `strpos` test is
 * folded to a constant when PostgreSQL plans the statement, so a query without "!" plans on the name
 * index alone: repeating the implied document condition would make the planner think the match rare.
 */
const inNameAndDocument = (tsquery: SQL) =>
  sql`${inName(tsquery)} and (strpos(${tsquery}::text, '!') = 0 or ${inDocument(tsquery)})`;

/**
 * `condition` hidden from the planner's statistics (it then assumes half the rows match), for when a
 * count has told us matches are plentiful: walking the primary key from the newest product finds a page
 * after a few rows, while the estimate for several words (multiplied as if independent, though "cushion"
 * and "cover" come together) would often have it read and sort every match instead.
 */
const plentiful = (condition: SQL) => sql`coalesce(${condition}, false)`;

const active = (condition: SQL) => sql`${products.isActive} and ${condition}`;

const newestFirst = (a: number, b: number) => b - a;

/**
 * One page of the active products matching `tsquery`, best first: those with the words in their name,
 * then the rest (the words in the category or the description), newest first within each group.
 * Null when nothing matches.
 *
 * Why not ts_rank over all matches: ranking reads every matching row, 40k of them for "cotton" at 100k
 * products. Here a statement reads about COUNT_CAP rows, or the rows up to the page it returns: it asks
 * for up to COUNT_CAP + 1 matches in no order, so the scan stops once it has them. Fewer than that is
 * every match: sort them here and the page is done. Otherwise see pageOfPlenty.
 */
export async function pageOfMatches(db: Db, tsquery: SQL, offset: number, pageSize: number): Promise<MatchPage | null> {
  const found = await db
    .select({ id: products.id, named: sql<boolean>`${inName(tsquery)}` })
    .from(products)
    .where(active(inDocument(tsquery)))
    .limit(COUNT_CAP + 1);
  if (found.length === 0) return null;
  if (found.length > COUNT_CAP) return pageOfPlenty(db, tsquery, offset, Math.min(pageSize, COUNT_CAP - offset));
  const group = (named: boolean) =>
    found
      .filter((m) => m.named === named)
      .map((m) => m.id)
      .sort(newestFirst);
  return {
    ids: [...group(true), ...group(false)].slice(offset, offset + pageSize),
    total: found.length,
    totalIsCapped: false,
  };
}

/**
 * A page of a query with more than COUNT_CAP matches: the list stops at COUNT_CAP.
 *   1. A broad word's named group is usually dense among the newest products: look for the page there.
 *   2. Otherwise fetch the named group like the matches (up to COUNT_CAP + 1, no order). If that is all
 *      of it, sort it here, and take the rest of the page from the whole query's matches, newest first,
 *      dropping the named ones. If not, the named group fills the list: walk it newest first.
 * Walks are short because matches are plentiful; a deep page of a thin named group is the slow case
 * (up to a walk of the whole table).
 */
async function pageOfPlenty(db: Db, tsquery: SQL, offset: number, limit: number): Promise<MatchPage> {
  const page = { total: COUNT_CAP, totalIsCapped: true };
  if (limit <= 0) return { ids: [], ...page };
  const amongNewest = await namedAmongNewest(db, tsquery, offset, limit);
  if (amongNewest.length === limit) return { ids: amongNewest, ...page };
  const named = await db
    .select({ id: products.id })
    .from(products)
    .where(active(inNameAndDocument(tsquery)))
    .limit(COUNT_CAP + 1);
  if (named.length > COUNT_CAP) {
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(active(plentiful(inNameAndDocument(tsquery))))
      .orderBy(desc(products.id))
      .limit(limit)
      .offset(offset);
    return { ids: rows.map((r) => r.id), ...page };
  }
  const ids = named
    .map((r) => r.id)
    .sort(newestFirst)
    .slice(offset, offset + limit);
  if (ids.length === limit) return { ids, ...page };
  // The k-th unnamed match is at most the (named + k)-th match, so the newest offset + limit matches hold the rest of the page.
  const newest = db
    .select({ id: products.id, named: sql<boolean>`${inName(tsquery)}`.as("named") })
    .from(products)
    .where(active(plentiful(inDocument(tsquery))))
    .orderBy(desc(products.id))
    .limit(offset + limit)
    .as("newest");
  const rest = await db
    .select({ id: newest.id })
    .from(newest)
    .where(not(newest.named))
    .orderBy(desc(newest.id))
    .limit(limit - ids.length)
    .offset(Math.max(0, offset - named.length));
  return { ids: [...ids, ...rest.map((r) => r.id)], ...page };
}

/** How many of the newest products step 1 of pageOfPlenty looks through: rows read in index order, which stay cached. */
const NEWEST_WINDOW = 1000;

/** The named matches at [offset, offset + limit) of the named group, if they are among the newest products. */
async function namedAmongNewest(db: Db, tsquery: SQL, offset: number, limit: number): Promise<number[]> {
  const newest = db
    .select({ id: products.id, named: sql<boolean>`${inNameAndDocument(tsquery)}`.as("named") })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.id))
    .limit(NEWEST_WINDOW)
    .as("newest");
  const rows = await db
    .select({ id: newest.id })
    .from(newest)
    .where(sql`${newest.named}`)
    .orderBy(desc(newest.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}
