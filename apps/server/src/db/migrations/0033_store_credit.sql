CREATE TYPE "public"."refund_via" AS ENUM('original', 'store_credit');--> statement-breakpoint
CREATE TYPE "public"."store_credit_kind" AS ENUM('return', 'goodwill', 'gift_card', 'spent', 'given_back');--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"kind" "store_credit_kind" NOT NULL,
	"order_id" integer,
	"return_id" integer,
	"gift_card_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_currency" CHECK ("store_credit_entries"."currency" in ('INR', 'USD')),
	CONSTRAINT "store_credit_entries_sign" CHECK (case "store_credit_entries"."kind" when 'spent' then "store_credit_entries"."amount_minor" < 0 when 'goodwill' then "store_credit_entries"."amount_minor" <> 0 else "store_credit_entries"."amount_minor" > 0 end),
	CONSTRAINT "store_credit_entries_references" CHECK (case "store_credit_entries"."kind"
        when 'return' then "store_credit_entries"."return_id" is not null and "store_credit_entries"."order_id" is not null
        when 'gift_card' then "store_credit_entries"."gift_card_id" is not null
        when 'spent' then "store_credit_entries"."order_id" is not null
        when 'given_back' then "store_credit_entries"."order_id" is not null
        else "store_credit_entries"."actor_user_id" is not null and "store_credit_entries"."reason" <> '' end)
);
--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_via" "refund_via" DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_entries_user_idx" ON "store_credit_entries" USING btree ("user_id","currency","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entries_return_uq" ON "store_credit_entries" USING btree ("return_id") WHERE "store_credit_entries"."kind" = 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entries_gift_card_uq" ON "store_credit_entries" USING btree ("gift_card_id") WHERE "store_credit_entries"."kind" = 'gift_card';--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entries_spent_uq" ON "store_credit_entries" USING btree ("order_id") WHERE "store_credit_entries"."kind" = 'spent';--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entries_given_back_uq" ON "store_credit_entries" USING btree ("order_id") WHERE "store_credit_entries"."kind" = 'given_back';--> statement-breakpoint
-- The ledger is written once: a movement is corrected by another movement, never by changing or removing a row
-- (decision 087), as invoices are (0015).
CREATE FUNCTION refuse_store_credit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'store credit entries are never changed or deleted';
END $$;--> statement-breakpoint
CREATE TRIGGER store_credit_entries_written_once BEFORE UPDATE OR DELETE ON store_credit_entries FOR EACH ROW EXECUTE FUNCTION refuse_store_credit_change();
