CREATE TABLE "bank_transfer_account" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"branch" text NOT NULL,
	"upi_id" text,
	"days_to_pay" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfer_account_single_row" CHECK ("bank_transfer_account"."id" = 1),
	CONSTRAINT "bank_transfer_account_days" CHECK ("bank_transfer_account"."days_to_pay" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_uq";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_source";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_uq" ON "payments" USING btree ("order_id") WHERE "payments"."provider" <> 'bank_transfer';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_source" CHECK (("refunds"."method" = 'provider') = ("refunds"."payment_id" is not null) and ("refunds"."method" = 'provider' or ("refunds"."status" = 'refunded' and "refunds"."reference" is not null) or ("refunds"."status" = 'requested' and "refunds"."reference" is null and "refunds"."next_at" is null)));