CREATE TYPE "public"."return_kind" AS ENUM('return', 'exchange');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'approved', 'refused', 'received', 'refund_due', 'refunded', 'exchanged');--> statement-breakpoint
CREATE TYPE "public"."shipment_direction" AS ENUM('forward', 'return');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('creating', 'awb_assigned', 'pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'undelivered', 'rto_initiated', 'rto_delivered', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'returned_to_origin';--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_channel_contact_pk" PRIMARY KEY("channel","contact")
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"exchange_size" text,
	"exchange_variant_id" integer,
	CONSTRAINT "return_lines_quantity" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" "return_kind" NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refund_minor" integer DEFAULT 0 NOT NULL,
	"refund_to" jsonb,
	"payout_reference" text,
	"seller_note" text DEFAULT '' NOT NULL,
	"pickup_awb" text,
	"pickup_courier" text,
	"pickup_tracking_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_refund_non_negative" CHECK ("return_requests"."refund_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"status" "shipment_status",
	"raw_status" text NOT NULL,
	"location" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"direction" "shipment_direction" DEFAULT 'forward' NOT NULL,
	"return_id" integer,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"shipment_id" text,
	"awb" text,
	"courier" text,
	"tracking_url" text,
	"status" "shipment_status" DEFAULT 'creating' NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"label_pdf" "bytea",
	"pickup_requested_at" timestamp with time zone,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_simulator_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"awb" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_simulator_records_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"provider_message_id" text,
	"delivery_status" text,
	"delivery_status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_simulator_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "view_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key_idx" ON "shipment_events" USING btree ("shipment_id","event_key");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_idx" ON "shipments" USING btree ("provider","awb");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_forward_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."direction" = 'forward' and "shipments"."return_id" is null and "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_per_return_idx" ON "shipments" USING btree ("return_id","direction") WHERE "shipments"."return_id" is not null and "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "shipping_simulator_records_awb_idx" ON "shipping_simulator_records" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "shipping_simulator_records_moved_idx" ON "shipping_simulator_records" USING btree ("kind","moved_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_pending_idx" ON "whatsapp_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_message_idx" ON "whatsapp_outbox" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_simulator_messages_to_idx" ON "whatsapp_simulator_messages" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_simulator_messages_created_idx" ON "whatsapp_simulator_messages" USING btree ("created_at");