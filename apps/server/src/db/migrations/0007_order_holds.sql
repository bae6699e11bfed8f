ALTER TYPE "public"."order_status" ADD VALUE 'awaiting_confirmation';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refund_failed';--> statement-breakpoint
CREATE TABLE "cod_confirmations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id","status");--> statement-breakpoint
CREATE INDEX "orders_expiry_idx" ON "orders" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_ip","status");--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("refund_next_at") WHERE "payments"."status" = 'refund_requested';--> statement-breakpoint
-- Orders confirmed before holds existed took their stock (and counted their promo use) when confirmed.
UPDATE "orders" SET "stock_held" = true WHERE "status" IN ('paid', 'cod_confirmed', 'shipped', 'delivered');--> statement-breakpoint
UPDATE "orders" SET "promo_held" = true WHERE "promo_code" IS NOT NULL AND "status" IN ('paid', 'cod_confirmed', 'shipped', 'delivered');--> statement-breakpoint
-- Unpaid attempts from before held nothing; they lapse at once, and a payment that still comes is settled as late.
UPDATE "orders" SET "expires_at" = "created_at" + interval '15 minutes' WHERE "status" = 'pending_payment';
