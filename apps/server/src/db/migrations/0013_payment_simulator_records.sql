CREATE TABLE "payment_simulator_records" (
	"provider" "payment_provider" NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"parent_id" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_simulator_records_provider_kind_id_pk" PRIMARY KEY("provider","kind","id")
);
--> statement-breakpoint
CREATE INDEX "payment_simulator_records_parent_idx" ON "payment_simulator_records" USING btree ("provider","kind","parent_id");--> statement-breakpoint
CREATE INDEX "payment_simulator_records_created_idx" ON "payment_simulator_records" USING btree ("created_at");