CREATE TABLE "notification_preferences" (
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_channel_contact_pk" PRIMARY KEY("channel","contact")
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
ALTER TABLE "orders" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_pending_idx" ON "whatsapp_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_message_idx" ON "whatsapp_outbox" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_simulator_messages_to_idx" ON "whatsapp_simulator_messages" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_simulator_messages_created_idx" ON "whatsapp_simulator_messages" USING btree ("created_at");