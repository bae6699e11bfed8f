ALTER TABLE "return_requests" ADD COLUMN "shopper_carrier" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "shopper_tracking" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "shopper_sent_at" timestamp with time zone;