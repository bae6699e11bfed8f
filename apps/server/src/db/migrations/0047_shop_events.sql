CREATE TABLE "numbers_daily" (
	"day" date NOT NULL,
	"device" text NOT NULL,
	"country" text NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "numbers_daily_day_metric_key_device_country_pk" PRIMARY KEY("day","metric","key","device","country")
);
--> statement-breakpoint
CREATE TABLE "numbers_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"session" text,
	"device" text NOT NULL,
	"country" text NOT NULL,
	"path" text,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"product_id" integer,
	"query" text,
	"result_count" integer,
	"product_ids" integer[],
	"order_id" integer,
	CONSTRAINT "numbers_events_kind" CHECK ("numbers_events"."kind" in ('visit', 'product_view', 'add_to_cart', 'checkout_started', 'search', 'order_placed', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "numbers_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "numbers_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "numbers_events_day_idx" ON "numbers_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "numbers_events_order_idx" ON "numbers_events" USING btree ("order_id");--> statement-breakpoint
INSERT INTO "numbers_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
