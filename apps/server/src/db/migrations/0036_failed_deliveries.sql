CREATE TABLE "failed_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"attempt" integer NOT NULL,
	"reason" text NOT NULL,
	"courier_remark" text,
	"attempted_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answer_date" date,
	"answer_address" text,
	"answer_phone" text,
	"answered_at" timestamp with time zone,
	"action_claimed_at" timestamp with time zone,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "failed_deliveries" ADD CONSTRAINT "failed_deliveries_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "failed_deliveries_event_idx" ON "failed_deliveries" USING btree ("shipment_id","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "failed_deliveries_token_idx" ON "failed_deliveries" USING btree ("token");--> statement-breakpoint
CREATE INDEX "failed_deliveries_open_idx" ON "failed_deliveries" USING btree ("resolution","attempted_at");