CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" uuid,
	"email" text NOT NULL,
	"currency" text NOT NULL,
	"pieces" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_cart_id" uuid,
	"recovered_at" timestamp with time zone,
	"recovered_order_id" integer
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_variant_email_uq" UNIQUE("variant_id","email")
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
DROP INDEX "customer_reviews_product_idx";--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "fit" text;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "seller_reply" text;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "seller_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_email" text;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_restored_cart_id_carts_id_fk" FOREIGN KEY ("restored_cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_open_uq" ON "cart_reminders" USING btree ("cart_id") WHERE "cart_reminders"."recovered_at" is null;--> statement-breakpoint
CREATE INDEX "cart_reminders_restored_cart_idx" ON "cart_reminders" USING btree ("restored_cart_id");--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_reviews_order_line_idx" ON "customer_reviews" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "customer_reviews_product_idx" ON "customer_reviews" USING btree ("product_id","is_approved","created_at");--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_rating_range" CHECK ("customer_reviews"."rating" between 1 and 5);--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_fit" CHECK ("customer_reviews"."fit" is null or "customer_reviews"."fit" in ('small', 'true_to_size', 'large'));--> statement-breakpoint
-- Issue 17: a product's rating and review count come from its approved reviews, not from the seed; a shop
-- upgraded in place gets the exact figures now rather than at its next moderation (rounded as the reviews module does).
UPDATE "products" p
SET "rating" = coalesce(s.rating, 0), "review_count" = coalesce(s.n, 0)
FROM "products" all_products
LEFT JOIN (
  SELECT "product_id", count(*)::int AS n, round(sum("rating") * 10 / count(*)) / 10 AS rating
  FROM "customer_reviews" WHERE "is_approved" GROUP BY "product_id"
) s ON s."product_id" = all_products."id"
WHERE p."id" = all_products."id";
