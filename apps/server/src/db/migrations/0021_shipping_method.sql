ALTER TABLE "orders" ADD COLUMN "shipping_method" text DEFAULT 'india-standard' NOT NULL;
