ALTER TABLE "product_variants" ADD COLUMN "units_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "material" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Pieces already sold, so "best selling" is true from the start: lines of orders that took their pieces and kept them.
UPDATE "product_variants" AS v SET "units_sold" = s.n
FROM (
  SELECT l."variant_id", sum(l."quantity" - l."cancelled_quantity")::int AS n
  FROM "order_lines" AS l JOIN "orders" AS o ON o."id" = l."order_id"
  WHERE o."status" IN ('paid', 'cod_confirmed', 'shipped', 'delivered') AND l."variant_id" IS NOT NULL
  GROUP BY l."variant_id"
) AS s
WHERE v."id" = s."variant_id";
