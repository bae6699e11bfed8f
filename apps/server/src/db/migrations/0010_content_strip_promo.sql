ALTER TABLE "home_categories" ADD COLUMN "is_shown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "key_features" jsonb;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "min_amount_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_min_currency" CHECK ("promo_codes"."min_amount_currency" in ('INR', 'USD'));