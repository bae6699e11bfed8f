CREATE TABLE "address_checks" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"cod_served" boolean,
	"token" text,
	"link_expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"channel" text,
	"sent_by" integer,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_checks" ADD CONSTRAINT "address_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_checks_token_idx" ON "address_checks" USING btree ("token");