ALTER TYPE "public"."outbox_status" ADD VALUE 'sending' BEFORE 'sent';--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "lease_until" timestamp with time zone;