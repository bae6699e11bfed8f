CREATE TABLE "trade_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"business_name" text NOT NULL,
	"buys" text NOT NULL,
	"monthly_volume_rupees" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"group_id" integer,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_applications_status" CHECK ("trade_applications"."status" in ('open', 'approved', 'declined')),
	CONSTRAINT "trade_applications_group" CHECK (("trade_applications"."status" = 'approved') = ("trade_applications"."group_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "trade_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_groups_percent" CHECK ("trade_groups"."percent_off" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE "trade_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"price_paise" integer NOT NULL,
	CONSTRAINT "trade_prices_whole_rupees" CHECK ("trade_prices"."price_paise" > 0 and "trade_prices"."price_paise" % 100 = 0)
);
--> statement-breakpoint
CREATE TABLE "trade_product_rules" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"case_pack" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "trade_product_rules_positive" CHECK ("trade_product_rules"."min_quantity" >= 1 and "trade_product_rules"."case_pack" >= 1)
);
--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_group_id_trade_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."trade_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_group_id_trade_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."trade_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_product_rules" ADD CONSTRAINT "trade_product_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_applications_one_live_idx" ON "trade_applications" USING btree ("user_id") WHERE "trade_applications"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "trade_applications_status_idx" ON "trade_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_groups_name_idx" ON "trade_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "trade_prices_group_product_size_idx" ON "trade_prices" USING btree ("group_id","product_id","size");