CREATE TABLE "cod_history_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"return_share_percent" integer DEFAULT 35 NOT NULL,
	"min_parcels" integer DEFAULT 5 NOT NULL,
	"lookback_days" integer DEFAULT 180 NOT NULL,
	"action" text DEFAULT 'advance' NOT NULL,
	"cap_minor" integer,
	"advance_percent" integer DEFAULT 10,
	"advance_min_minor" integer DEFAULT 10000,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"cap_minor" integer,
	"advance_percent" integer,
	"advance_min_minor" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_rules_scope" CHECK ("cod_rules"."scope" in ('customer', 'pincode', 'area', 'shop')),
	CONSTRAINT "cod_rules_action" CHECK ("cod_rules"."action" in ('allowed', 'cap', 'advance', 'prepaid_only'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_advance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_rules_scope_key_idx" ON "cod_rules" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "orders_pin_code_idx" ON "orders" USING btree ("pin_code");--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_advance_non_negative" CHECK ("orders"."cod_advance" >= 0);--> statement-breakpoint
INSERT INTO "cod_history_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
