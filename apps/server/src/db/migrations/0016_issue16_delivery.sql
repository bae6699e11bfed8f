CREATE TYPE "public"."shipment_direction" AS ENUM('forward', 'return');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('creating', 'awb_assigned', 'pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'undelivered', 'rto_initiated', 'rto_delivered', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'returned_to_origin';--> statement-breakpoint
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
ALTER TABLE "orders" ADD COLUMN "view_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key_idx" ON "shipment_events" USING btree ("shipment_id","event_key");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_idx" ON "shipments" USING btree ("provider","awb");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_forward_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."direction" = 'forward' and "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "shipping_simulator_records_awb_idx" ON "shipping_simulator_records" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "shipping_simulator_records_moved_idx" ON "shipping_simulator_records" USING btree ("kind","moved_at");