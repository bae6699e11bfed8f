ALTER TABLE "trade_applications" DROP CONSTRAINT "trade_applications_status";--> statement-breakpoint
ALTER TABLE "trade_applications" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_status" CHECK ("trade_applications"."status" in ('open', 'approved', 'declined', 'revoked'));