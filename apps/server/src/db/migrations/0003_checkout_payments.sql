DROP INDEX "payments_order_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rounding" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_uq" UNIQUE("order_id");