ALTER TYPE "public"."user_role" ADD VALUE 'staff';--> statement-breakpoint
CREATE TABLE "seller_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"alert_email" text,
	"alert_new_orders" boolean DEFAULT true NOT NULL,
	"alert_new_queries" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_settings_single_row" CHECK ("seller_settings"."id" = 1)
);
