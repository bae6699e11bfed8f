CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" uuid,
	"email" text NOT NULL,
	"currency" text NOT NULL,
	"pieces" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_cart_id" uuid,
	"recovered_at" timestamp with time zone,
	"recovered_order_id" integer
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_email" text;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_restored_cart_id_carts_id_fk" FOREIGN KEY ("restored_cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_open_uq" ON "cart_reminders" USING btree ("cart_id") WHERE "cart_reminders"."recovered_at" is null;--> statement-breakpoint
CREATE INDEX "cart_reminders_restored_cart_idx" ON "cart_reminders" USING btree ("restored_cart_id");