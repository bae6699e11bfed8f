ALTER TABLE "store_credit_entries" DROP CONSTRAINT "store_credit_entries_references";--> statement-breakpoint
DROP INDEX "store_credit_entries_given_back_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD COLUMN "cause" text;--> statement-breakpoint
-- A give-back written before causes were kept (none in practice: nothing called it before 0034) was an order's
-- whole give-back: its cause is the order closing. The written-once trigger steps aside for this one backfill.
ALTER TABLE "store_credit_entries" DISABLE TRIGGER "store_credit_entries_written_once";--> statement-breakpoint
UPDATE "store_credit_entries" SET "cause" = 'closed' WHERE "kind" = 'given_back' AND "cause" IS NULL;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ENABLE TRIGGER "store_credit_entries_written_once";--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entries_given_back_uq" ON "store_credit_entries" USING btree ("order_id","cause") WHERE "store_credit_entries"."kind" = 'given_back';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_credit_non_negative" CHECK ("orders"."store_credit" >= 0);--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_references" CHECK (case "store_credit_entries"."kind"
        when 'return' then "store_credit_entries"."return_id" is not null and "store_credit_entries"."order_id" is not null
        when 'gift_card' then "store_credit_entries"."gift_card_id" is not null
        when 'spent' then "store_credit_entries"."order_id" is not null
        when 'given_back' then "store_credit_entries"."order_id" is not null and "store_credit_entries"."cause" is not null
        else "store_credit_entries"."actor_user_id" is not null and "store_credit_entries"."reason" <> '' end);