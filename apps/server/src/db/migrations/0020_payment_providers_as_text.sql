-- Payment providers are named by the registry in code (payments/providers.ts, decision 065), not by enums: a new provider needs no migration.
ALTER TABLE "orders" ALTER COLUMN "payment_method" SET DATA TYPE text USING "payment_method"::text;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "provider" SET DATA TYPE text USING "provider"::text;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "provider" SET DATA TYPE text USING "provider"::text;--> statement-breakpoint
ALTER TABLE "payment_simulator_records" ALTER COLUMN "provider" SET DATA TYPE text USING "provider"::text;--> statement-breakpoint
DROP TYPE "public"."payment_method";--> statement-breakpoint
DROP TYPE "public"."payment_provider";
