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
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_reviews_order_line_idx" ON "customer_reviews" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "customer_reviews_product_idx" ON "customer_reviews" USING btree ("product_id","is_approved","created_at");--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_rating_range" CHECK ("customer_reviews"."rating" between 1 and 5);--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_fit" CHECK ("customer_reviews"."fit" is null or "customer_reviews"."fit" in ('small', 'true_to_size', 'large'));