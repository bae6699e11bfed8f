ALTER TABLE "orders" ADD COLUMN "hand_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hand_carrier_name" text;