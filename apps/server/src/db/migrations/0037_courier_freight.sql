ALTER TABLE "shipments" ADD COLUMN "freight_minor" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_freight_minor" integer;