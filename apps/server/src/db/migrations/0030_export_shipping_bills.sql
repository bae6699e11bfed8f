ALTER TABLE "invoices" ADD COLUMN "shipping_bill_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "shipping_bill_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "shipping_port_code" text;