CREATE TYPE "public"."gift_card_status" AS ENUM('pending_payment', 'paid', 'sent', 'redeemed');--> statement-breakpoint
CREATE TABLE "gift_card_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"fixed_amounts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_amount" integer,
	"max_amount" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_products_currency" CHECK ("gift_card_products"."currency" in ('INR', 'USD')),
	CONSTRAINT "gift_card_products_amounts" CHECK (("gift_card_products"."min_amount" is null) = ("gift_card_products"."max_amount" is null) and ("gift_card_products"."min_amount" is null or "gift_card_products"."min_amount" < "gift_card_products"."max_amount") and ("gift_card_products"."min_amount" is not null or cardinality("gift_card_products"."fixed_amounts") > 0))
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"send_on" date NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_user_id" integer,
	"status" "gift_card_status" DEFAULT 'pending_payment' NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"paid_at" timestamp with time zone,
	"code_hash" text,
	"code_last4" text,
	"sent_at" timestamp with time zone,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_provider_order_uq" UNIQUE("provider","provider_order_id"),
	CONSTRAINT "gift_cards_amount_positive" CHECK ("gift_cards"."amount" > 0),
	CONSTRAINT "gift_cards_currency" CHECK ("gift_cards"."currency" in ('INR', 'USD')),
	CONSTRAINT "gift_cards_steps" CHECK (("gift_cards"."status" = 'pending_payment' or "gift_cards"."paid_at" is not null)
        and (("gift_cards"."status" in ('sent', 'redeemed')) = ("gift_cards"."code_hash" is not null and "gift_cards"."sent_at" is not null))
        and (("gift_cards"."status" = 'redeemed') = ("gift_cards"."redeemed_by" is not null and "gift_cards"."redeemed_at" is not null)))
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_product_id_gift_card_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."gift_card_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_due_idx" ON "gift_cards" USING btree ("send_on") WHERE "gift_cards"."status" = 'paid';