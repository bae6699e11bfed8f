ALTER TYPE "public"."reversal_kind" ADD VALUE 'pay_now_discount';--> statement-breakpoint
CREATE TABLE "pay_now_nudges" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"discount" integer DEFAULT 0 NOT NULL,
	"amount_due" integer NOT NULL,
	"provider" text,
	"provider_order_id" text,
	"provider_payment_id" text,
	"converted_at" timestamp with time zone,
	CONSTRAINT "pay_now_nudges_discount" CHECK ("pay_now_nudges"."discount" >= 0 and "pay_now_nudges"."amount_due" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pay_now_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"discount_kind" text DEFAULT 'none' NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"discount_cap_minor" integer DEFAULT 0 NOT NULL,
	"discount_fixed_minor" integer DEFAULT 0 NOT NULL,
	"delay_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_now_settings_single_row" CHECK ("pay_now_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "pay_now_nudges" ADD CONSTRAINT "pay_now_nudges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_now_nudges_provider_order_idx" ON "pay_now_nudges" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "pay_now_nudges_sent_idx" ON "pay_now_nudges" USING btree ("sent_at");