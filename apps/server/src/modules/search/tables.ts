import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The words of active products' names, each with how many products use it: the vocabulary a typo is
 * corrected to. Kept exact by triggers on products (migration 0004), so every writer (admin, seed,
 * benchmark seeder, plain SQL) keeps it up to date; a word leaves when its last product does.
 */
export const productNameWords = pgTable(
  "product_name_words",
  {
    word: text("word").primaryKey(),
    products: integer("products").notNull(),
  },
  (t) => [index("product_name_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);
