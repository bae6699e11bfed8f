CREATE TYPE "public"."customs_step" AS ENUM('export_cleared', 'import_arrived', 'held', 'released');--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "customs_step" "customs_step";--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "shipping_bill_number" text;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "shipping_bill_date" date;