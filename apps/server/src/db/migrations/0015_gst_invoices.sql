CREATE TYPE "public"."invoice_line_kind" AS ENUM('goods', 'shipping', 'rounding');--> statement-breakpoint
CREATE TYPE "public"."supply_kind" AS ENUM('intra', 'inter', 'export_lut', 'export_igst');--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"rate_bps" integer NOT NULL,
	"threshold_minor" integer,
	"rate_above_bps" integer,
	CONSTRAINT "tax_rates_rule_date_uq" UNIQUE("rule_id","effective_from"),
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_bps" between 0 and 4000),
	CONSTRAINT "tax_rates_threshold_pair" CHECK (("tax_rates"."threshold_minor" is null) = ("tax_rates"."rate_above_bps" is null) and coalesce("tax_rates"."rate_above_bps", 0) between 0 and 4000)
);
--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "tax_rules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"invoice_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"gross" integer NOT NULL,
	CONSTRAINT "credit_note_lines_add_up" CHECK ("credit_note_lines"."taxable" + "credit_note_lines"."cgst" + "credit_note_lines"."sgst" + "credit_note_lines"."igst" = "credit_note_lines"."gross" and "credit_note_lines"."cgst" = "credit_note_lines"."sgst")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"gross" integer NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_add_up" CHECK ("credit_notes"."taxable" + "credit_notes"."cgst" + "credit_notes"."sgst" + "credit_notes"."igst" = "credit_notes"."gross" and "credit_notes"."cgst" = "credit_notes"."sgst")
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_series_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" "invoice_line_kind" NOT NULL,
	"order_line_id" integer,
	"description" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"gross" integer NOT NULL,
	CONSTRAINT "invoice_lines_add_up" CHECK ("invoice_lines"."taxable" + "invoice_lines"."cgst" + "invoice_lines"."sgst" + "invoice_lines"."igst" = "invoice_lines"."gross" and "invoice_lines"."cgst" = "invoice_lines"."sgst")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issue_date" date NOT NULL,
	"supply" "supply_kind" NOT NULL,
	"place_state_code" text,
	"parties" jsonb NOT NULL,
	"currency" text NOT NULL,
	"rate_milli" integer NOT NULL,
	"order_total" integer NOT NULL,
	"is_test" boolean NOT NULL,
	"download_token" text NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"gross" integer NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_add_up" CHECK ("invoices"."taxable" + "invoices"."cgst" + "invoices"."sgst" + "invoices"."igst" = "invoices"."gross" and "invoices"."cgst" = "invoices"."sgst")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_rule_id" integer;--> statement-breakpoint
ALTER TABLE "seller_settings" ADD COLUMN "gst" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_country" text DEFAULT 'IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_rule_id_tax_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."tax_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_note_lines_invoice_line_idx" ON "credit_note_lines" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "credit_notes_date_idx" ON "credit_notes" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rule_id_tax_rules_id_fk" FOREIGN KEY ("tax_rule_id") REFERENCES "public"."tax_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Invoices and credit notes are written once and never changed or removed (GST rules; decision 033).
CREATE FUNCTION refuse_document_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax documents are never changed or deleted (table %)', TG_TABLE_NAME;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_written_once BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION refuse_document_change();--> statement-breakpoint
CREATE TRIGGER invoice_lines_written_once BEFORE UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION refuse_document_change();--> statement-breakpoint
CREATE TRIGGER credit_notes_written_once BEFORE UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION refuse_document_change();--> statement-breakpoint
CREATE TRIGGER credit_note_lines_written_once BEFORE UPDATE OR DELETE ON credit_note_lines FOR EACH ROW EXECUTE FUNCTION refuse_document_change();
