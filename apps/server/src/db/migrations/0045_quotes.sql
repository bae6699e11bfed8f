CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"size" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"custom_text" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer,
	"sold_product_id" integer,
	"sold_size" text DEFAULT '' NOT NULL,
	CONSTRAINT "quote_lines_quantity" CHECK ("quote_lines"."quantity" between 1 and 10000),
	CONSTRAINT "quote_lines_price_positive" CHECK ("quote_lines"."unit_price_paise" is null or "quote_lines"."unit_price_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"phone" text NOT NULL,
	"state" text NOT NULL,
	"wanted_by" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"shipping_paise" integer,
	"valid_until" date,
	"terms" text DEFAULT '' NOT NULL,
	"lead_time_days" integer,
	"decline_reason" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"quoted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" in ('requested', 'quoted', 'accepted', 'declined', 'expired')),
	CONSTRAINT "quotes_shipping_non_negative" CHECK ("quotes"."shipping_paise" is null or "quotes"."shipping_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "quoted_price_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_sold_product_id_products_id_fk" FOREIGN KEY ("sold_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_quote_price" CHECK (("cart_lines"."quote_id" is null) = ("cart_lines"."quoted_price_paise" is null));