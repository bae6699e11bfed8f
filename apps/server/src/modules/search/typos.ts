import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { products } from "../catalog/tables";
import { productNameWords as words } from "./tables";

/** Words shoppers type that say nothing about a product; full text ignores them too. */
const STOP_WORDS = new Set(["a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"]);
/** Each word is one more lookup; a search box query rarely needs more. */
export const MAX_FUZZY_WORDS = 6;
/** One or two letters are not a word anyone misspelt, and give trigrams too little to go on. */
export const MIN_TYPO_LETTERS = 3;

const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;

/** The query's distinct content words, lower case: the ones that may be typos. */
export function fuzzyWords(text: string): string[] {
  const found = text
    .toLowerCase()
    .split(WORD_SEPARATOR)
    .filter((w) => w.length >= MIN_TYPO_LETTERS && !STOP_WORDS.has(w));
  return [...new Set(found)].slice(0, MAX_FUZZY_WORDS);
}

/**
 * The word the shopper meant: the word itself when the catalogue knows it (a word of a product name,
 * a word full text finds anywhere, or a word full text ignores), otherwise the closest word of an
 * active product's name by trigram similarity (`%`, pg_trgm.similarity_threshold 0.3, on the GIN
 * trigram index of the small product_name_words table), null when none is close.
 * Each word is its own expression, so a statement planned for each run's values (search's are, matches.ts)
 * sees its tsquery as a constant the planner can look up in statistics.
 */
function intendedWord(word: Placeholder): SQL {
  return sql`coalesce(
    (select ${words.word} from ${words} where ${words.word} = ${word}),
    case when numnode(plainto_tsquery('english', ${word})) = 0
      or exists (select 1 from ${products} where ${products.isActive} and ${products.searchVector} @@ plainto_tsquery('english', ${word}))
      then ${word}::text end,
    (select ${words.word} from ${words} where ${words.word} % ${word}
      order by similarity(${words.word}, ${word}) desc, ${words.products} desc, ${words.word} limit 1))`;
}

const typedWord = (i: number) => `typed${i}`;

/**
 * The words the shopper meant, as one SQL expression to run within another statement: an array with the
 * word meant (or null) for each of `count` words that may be typos (fuzzyWords), given as the placeholders
 * of typedValues.
 */
export function meantWords(count: number): SQL<(string | null)[]> {
  const typed = Array.from({ length: count }, (_, i) => intendedWord(sql.placeholder(typedWord(i))));
  return sql<(string | null)[]>`array[${sql.join(typed, sql`, `)}]`;
}

/** The placeholders' values of meantWords for these words. */
export function typedValues(typed: readonly string[]): Record<string, string> {
  return Object.fromEntries(typed.map((word, i) => [typedWord(i), word]));
}

/**
 * The query with each word the catalogue does not know replaced by the closest word of a product
 * name ("kaftn" -> "kaftan", "cushon cover" -> "cushion cover"), given what meantWords found, or null when
 * nothing changed. Everything else of the query (quotes, "-", "or") stays as the shopper typed it.
 */
export function correctedText(text: string, meant: readonly (string | null)[]): string | null {
  const corrections = new Map<string, string>();
  fuzzyWords(text).forEach((word, i) => {
    const found = meant[i];
    if (found && found !== word) corrections.set(word, found);
  });
  if (corrections.size === 0) return null;
  return text
    .split(new RegExp(`(${WORD_SEPARATOR.source})`, "u"))
    .map((part) => corrections.get(part.toLowerCase()) ?? part)
    .join("");
}
