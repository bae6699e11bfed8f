import { desc, eq, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { builtOnce } from "../../db/prepared";
import { products } from "../catalog/tables";
import { meantWords, typedValues } from "./typos";

/**
 * Counting stops here. An exact count of a broad word (one in a large share of the products) means reading
 * every match from the table; past this many the answer says "1000+" and pages stop at the cap.
 */
export const COUNT_CAP = 1000;

export interface MatchPage {
  ids: number[];
  /** Exact up to COUNT_CAP, else COUNT_CAP. */
  total: number;
  totalIsCapped: boolean;
}

/** How a step reads the shopper's words: all of them (websearch syntax: quotes, "or", "-word"), or any. */
export type Words = "every" | "any";

/**
 * The shopper's words as a tsquery, from each statement's `text` placeholder. Any word: plainto_tsquery joins
 * plain lexemes with " & " only (no operators of the shopper's), so turning each into " | " is exact.
 */
const TSQUERY: Record<Words, SQL> = {
  every: sql`websearch_to_tsquery('english', ${sql.placeholder("text")})`,
  any: sql`replace(plainto_tsquery('english', ${sql.placeholder("text")})::text, ' & ', ' | ')::tsquery`,
};

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

/**
 * Search's statements vary with the step and the number of words that may be typos, not with the words:
 * drizzle builds each shape's text once (decision 058). Every one holds the shopper's words, so every one
 * is planned per run: how PostgreSQL should find the matches depends on how common the words are (scan the
 * table for a common word, use the index for a rare one; decision 055).
 */
const PER_RUN = { plan: "per-run" } as const;

/** The first look: counted matches and a page, with the look among the newest and the typos riding along. */
const firstLook = builtOnce<{ words: Words; typed: number }, CountedRow>(PER_RUN, (db, { words, typed }) => {
  const tsquery = TSQUERY[words];
  return countedPageQuery(db, active(inDocument(tsquery)), inName(tsquery), {
    whenPlenty: namedAmongNewest(db, tsquery),
    whenNone: typed > 0 ? meantWords(typed) : null,
  });
});

/** The named group counted as the matches were (pageOfPlenty, step 2). */
const namedCount = builtOnce<{ words: Words }, CountedRow>(PER_RUN, (db, { words }) =>
  countedPageQuery(db, active(inNameAndDocument(TSQUERY[words])), sql`true`),
);

/** A named group larger than COUNT_CAP, walked newest first. */
const namedWalk = builtOnce<{ words: Words }, { id: number }>(PER_RUN, (db, { words }) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(active(plentiful(inNameAndDocument(TSQUERY[words]))))
    .orderBy(desc(products.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .getSQL(),
);

/** The rest of a page after its named matches: the unnamed ones among the newest offset + limit matches. */
const unnamedRest = builtOnce<{ words: Words }, { id: number }>(PER_RUN, (db, { words }) => {
  const tsquery = TSQUERY[words];
  const newest = db
    .select({ id: products.id, named: sql<boolean>`${inName(tsquery)}`.as("named") })
    .from(products)
    .where(active(plentiful(inDocument(tsquery))))
    .orderBy(desc(products.id))
    .limit(sql.placeholder("newest"))
    .as("newest");
  return db
    .select({ id: newest.id })
    .from(newest)
    .where(not(newest.named))
    .orderBy(desc(newest.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .getSQL();
});

/**
 * One page of the active products matching the `words` of `text`, best first: those with the words in their
 * name, then the rest (the words in the category or the description), newest first within each group.
 * The page is null when nothing matches.
 *
 * Why not ts_rank over all matches: ranking reads every matching row, tens of thousands for a broad word in
 * a large catalogue. Here a statement reads about COUNT_CAP rows, or the rows up to the page it returns: it counts
 * up to COUNT_CAP + 1 matches (see countedPageQuery). Fewer than that is every match, and the page is done.
 * Otherwise see pageOfPlenty, whose first look the same statement takes.
 *
 * `typed`, the words that may be typos: when nothing matches, the same statement works out the word meant
 * for each (typos.ts), answered as `meant` (null otherwise).
 */
export async function pageOfMatches(
  db: Db,
  words: Words,
  text: string,
  offset: number,
  pageSize: number,
  typed: readonly string[] = [],
): Promise<{ page: MatchPage | null; meant: (string | null)[] | null }> {
  const plentyLimit = Math.max(0, Math.min(pageSize, COUNT_CAP - offset));
  const run = firstLook(db, { words, typed: typed.length });
  const found = countedRow(
    await run({ text, from: offset + 1, to: offset + pageSize, offset, plentyLimit, ...typedValues(typed) }),
  );
  if (found.total === 0) return { page: null, meant: found.none };
  if (found.total > COUNT_CAP)
    return { page: await pageOfPlenty(db, words, text, offset, plentyLimit, found.plenty ?? []), meant: null };
  return { page: { ids: found.ids, total: found.total, totalIsCapped: false }, meant: null };
}

interface CountedRow {
  total: number;
  ids: number[] | null;
  plenty: number[] | null;
  none: (string | null)[] | null;
}

const countedRow = ([row]: CountedRow[]) => ({
  total: row?.total ?? 0,
  ids: row?.ids ?? [],
  plenty: row?.plenty ?? null,
  none: row?.none ?? null,
});

/**
 * Up to COUNT_CAP + 1 products where `condition` holds, asked for in no order so the scan stops once it has
 * them, counted; and the ids at positions `from` to `to` (placeholders, from 1) of them, `named` ones first,
 * newest first within each. PostgreSQL sorts the thousand: one row comes back, not a thousand for the
 * server to parse. `whenPlenty`, an array of ids, is worked out only when more than COUNT_CAP matched, and
 * `whenNone` only when nothing did (PostgreSQL runs an uncorrelated sub-select when its value is first
 * needed): each saves a round trip where it is needed and costs nothing where it is not.
 */
function countedPageQuery(
  db: Db,
  condition: SQL,
  named: SQL,
  { whenPlenty, whenNone }: { whenPlenty?: SQL; whenNone?: SQL | null } = {},
): SQL {
  const counted = db
    .select({ id: products.id, named: sql<boolean>`${named}`.as("named") })
    .from(products)
    .where(condition)
    .limit(COUNT_CAP + 1)
    .as("counted");
  const orderedIds = sql`(array_agg(${counted.id} order by ${counted.named} desc, ${counted.id} desc))`;
  return db
    .select({
      total: sql<number>`count(*)::int`.as("total"),
      ids: sql`${orderedIds}[${sql.placeholder("from")}:${sql.placeholder("to")}]`.as("ids"),
      plenty: sql`case when count(*) > ${COUNT_CAP} then ${whenPlenty ?? sql`null`} end`.as("plenty"),
      none: sql`case when count(*) = 0 then ${whenNone ?? sql`null`} end`.as("none"),
    })
    .from(counted)
    .getSQL();
}

/**
 * A page of a query with more than COUNT_CAP matches: the list stops at COUNT_CAP.
 *   1. A broad word's named group is usually dense among the newest products: look for the page there.
 *   2. Otherwise count the named group as the matches were (countedPageQuery). If that is all of it, its page
 *      comes with the count; the rest of the page is taken from the whole query's matches, newest first,
 *      dropping the named ones. If not, the named group fills the list: walk it newest first.
 * Walks are short because matches are plentiful; a deep page of a thin named group is the slow case
 * (up to a walk of the whole table).
 */
async function pageOfPlenty(
  db: Db,
  words: Words,
  text: string,
  offset: number,
  limit: number,
  amongNewest: number[],
): Promise<MatchPage> {
  const page = { total: COUNT_CAP, totalIsCapped: true };
  if (limit <= 0) return { ids: [], ...page };
  if (amongNewest.length === limit) return { ids: amongNewest, ...page };
  const named = countedRow(await namedCount(db, { words })({ text, from: offset + 1, to: offset + limit }));
  if (named.total > COUNT_CAP) {
    const rows = await namedWalk(db, { words })({ text, limit, offset });
    return { ids: rows.map((r) => r.id), ...page };
  }
  const ids = named.ids;
  if (ids.length === limit) return { ids, ...page };
  // The k-th unnamed match is at most the (named + k)-th match, so the newest offset + limit matches hold the rest of the page.
  const rows = await unnamedRest(db, { words })({
    text,
    newest: offset + limit,
    limit: limit - ids.length,
    offset: Math.max(0, offset - named.total),
  });
  return { ids: [...ids, ...rows.map((r) => r.id)], ...page };
}

/** How many of the newest products step 1 of pageOfPlenty looks through: rows read in index order, which stay cached. */
const NEWEST_WINDOW = 1000;

/**
 * The named matches at [offset, offset + plentyLimit) of the named group (placeholders), if they are among
 * the newest products: an array of ids, to be worked out within another statement.
 */
function namedAmongNewest(db: Db, tsquery: SQL): SQL {
  const newest = db
    .select({ id: products.id, named: sql<boolean>`${inNameAndDocument(tsquery)}`.as("named") })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.id))
    .limit(NEWEST_WINDOW)
    .as("newest");
  const page = db
    .select({ id: newest.id })
    .from(newest)
    .where(sql`${newest.named}`)
    .orderBy(desc(newest.id))
    .limit(sql.placeholder("plentyLimit"))
    .offset(sql.placeholder("offset"));
  return sql`array(${page})`;
}
