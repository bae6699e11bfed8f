CREATE TABLE "size_schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chart" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_schemes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_scheme_id" integer;--> statement-breakpoint
ALTER TABLE "subcategories" ADD COLUMN "size_scheme_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "size_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_scheme_id_size_schemes_id_fk" FOREIGN KEY ("size_scheme_id") REFERENCES "public"."size_schemes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_size_scheme_id_size_schemes_id_fk" FOREIGN KEY ("size_scheme_id") REFERENCES "public"."size_schemes"("id") ON DELETE set null ON UPDATE no action;