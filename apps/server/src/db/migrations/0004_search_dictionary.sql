CREATE TABLE "product_name_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "product_name_words_trgm_idx" ON "product_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_search_idx" ON "products" USING gin ("name_vector");--> statement-breakpoint
-- Written by hand below (drizzle-kit has no triggers): product_name_words is kept exact by the database,
-- so every writer of products (admin, seed, benchmark seeder, plain SQL) keeps the typo vocabulary current.
-- The words of a name as the text-search parser splits them, lower case, unstemmed.
CREATE FUNCTION product_name_words_of(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT unnest(tsvector_to_array(to_tsvector('simple', name)))
$$;--> statement-breakpoint
-- One product less for each word of old_names, one more for each word of new_names; a word leaves at zero.
CREATE FUNCTION product_name_words_count(old_names text[], new_names text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_name_words AS w (word, products)
  SELECT word, sum(change) FROM (
    SELECT name, -1 AS change FROM unnest(old_names) AS name
    UNION ALL SELECT name, 1 FROM unnest(new_names) AS name
  ) AS named, product_name_words_of(named.name) AS word
  GROUP BY word HAVING sum(change) <> 0
  ON CONFLICT (word) DO UPDATE SET products = w.products + excluded.products;
  DELETE FROM product_name_words WHERE products <= 0;
$$;--> statement-breakpoint
-- Statement triggers with transition tables: one upsert per INSERT of 1000 rows, not 1000 upserts.
-- Only active products count, so a withdrawn product's words stop attracting corrections.
CREATE FUNCTION product_name_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_name_words_count('{}', ARRAY(SELECT name FROM new_rows WHERE is_active));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM product_name_words_count(ARRAY(SELECT name FROM old_rows WHERE is_active), '{}');
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose name or visibility changed: a rating or flag edit leaves the words alone.
    PERFORM product_name_words_count(
      ARRAY(SELECT o.name FROM old_rows o JOIN new_rows n USING (id) WHERE o.is_active AND (o.name, o.is_active) IS DISTINCT FROM (n.name, n.is_active)),
      ARRAY(SELECT n.name FROM old_rows o JOIN new_rows n USING (id) WHERE n.is_active AND (o.name, o.is_active) IS DISTINCT FROM (n.name, n.is_active)));
  ELSE
    DELETE FROM product_name_words;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Transition tables allow one event per trigger, hence three (and TRUNCATE has none).
CREATE TRIGGER products_name_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_name_words_sync();--> statement-breakpoint
CREATE TRIGGER products_name_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_name_words_sync();--> statement-breakpoint
CREATE TRIGGER products_name_words_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_name_words_sync();--> statement-breakpoint
CREATE TRIGGER products_name_words_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_name_words_sync();--> statement-breakpoint
SELECT product_name_words_count('{}', ARRAY(SELECT name FROM products WHERE is_active));
--> statement-breakpoint
-- Statistics for the new name_vector now, so the planner does not guess until autovacuum analyzes.
ANALYZE products;
