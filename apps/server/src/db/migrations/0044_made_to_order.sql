ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_identity_uq";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_order_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_order_prompt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_order_notes_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_order_returnable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "lead_days" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "returnable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "production_status" text;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_identity_uq" UNIQUE("cart_id","product_id","size","is_direct_buy","notes");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_made_to_order_days" CHECK ("products"."made_to_order_days" between 1 and 180);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_production_status" CHECK ("order_lines"."production_status" in ('in_production', 'ready'));