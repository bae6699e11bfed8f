ALTER TABLE "order_lines" ADD COLUMN "cancelled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "part_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cancelled_within_quantity" CHECK ("order_lines"."cancelled_quantity" >= 0 and "order_lines"."cancelled_quantity" <= "order_lines"."quantity");