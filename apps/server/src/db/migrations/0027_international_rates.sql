CREATE TABLE "shipping_rate_cards" (
	"method" text NOT NULL,
	"zone_code" text NOT NULL,
	"currency" text NOT NULL,
	"first_half_kg_minor" integer NOT NULL,
	"each_half_kg_more_minor" integer NOT NULL,
	CONSTRAINT "shipping_rate_cards_method_zone_code_currency_pk" PRIMARY KEY("method","zone_code","currency"),
	CONSTRAINT "shipping_rate_cards_not_negative" CHECK ("shipping_rate_cards"."first_half_kg_minor" >= 0 AND "shipping_rate_cards"."each_half_kg_more_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_countries" (
	"country" text PRIMARY KEY NOT NULL,
	"zone_code" text NOT NULL,
	CONSTRAINT "shipping_zone_countries_alpha2" CHECK ("shipping_zone_countries"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handling_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handling_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_rate_cards" ADD CONSTRAINT "shipping_rate_cards_zone_code_shipping_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."shipping_zones"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "shipping_zone_countries" ADD CONSTRAINT "shipping_zone_countries_zone_code_shipping_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."shipping_zones"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- Decision 080: the international rate cards move from code to the seller's tables, with the figures the code
-- priced with (near abroad and the rest of the world, first half kilo and each further half kilo).
INSERT INTO "shipping_zones" ("code", "name", "position") VALUES
	('near', 'Near abroad (South Asia, the Gulf, Singapore, Malaysia)', 1),
	('world', 'Rest of the world', 2)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "shipping_zone_countries" ("country", "zone_code")
SELECT c, 'near' FROM unnest(ARRAY['NP','BT','BD','LK','MV','PK','AE','OM','QA','BH','KW','SA','SG','MY']) AS c
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "shipping_zone_countries" ("country", "zone_code")
SELECT c, 'world' FROM unnest(ARRAY[
	'US','CA','MX','BR','AR','CL','CO','PE',
	'GB','IE','FR','DE','NL','BE','LU','AT','CH','IT','ES','PT','DK','SE','NO','FI','IS',
	'PL','CZ','SK','HU','RO','BG','GR','HR','SI','EE','LV','LT','CY','MT',
	'AU','NZ','JP','KR','HK','TW','TH','ID','PH','VN','ZA','KE','MU','IL','TR','JO'
]) AS c
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "shipping_rate_cards" ("method", "zone_code", "currency", "first_half_kg_minor", "each_half_kg_more_minor") VALUES
	('international-standard', 'near', 'INR', 39900, 12900),
	('international-standard', 'near', 'USD', 1200, 400),
	('international-standard', 'world', 'INR', 59900, 19900),
	('international-standard', 'world', 'USD', 1800, 600),
	('international-express', 'near', 'INR', 66900, 19900),
	('international-express', 'near', 'USD', 2000, 600),
	('international-express', 'world', 'INR', 99900, 29900),
	('international-express', 'world', 'USD', 3000, 900)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Existing products get their subcategory's packed weight, package where its size matters, and the spec's
-- extra handling for furniture (the ottoman poufs); everything else keeps 500 g folded in the mailer.
UPDATE "products" AS p SET
	"shipping_grams" = d.grams, "package_length_cm" = d.l, "package_width_cm" = d.w, "package_height_cm" = d.h,
	"handling_paise" = d.paise, "handling_cents" = d.cents
FROM "subcategories" AS s,
	(VALUES
		('ottoman', 2500, 45, 45, 35, 40000, 500),
		('rugs & carpets', 2000, 60, 20, 20, 0, 0),
		('umbrellas', 1500, 100, 15, 15, 0, 0),
		('wall decor', 600, 35, 35, 10, 0, 0),
		('bedcover', 1200, NULL, NULL, NULL, 0, 0),
		('curtains', 800, NULL, NULL, NULL, 0, 0),
		('napkins', 300, NULL, NULL, NULL, 0, 0),
		('table runner', 300, NULL, NULL, NULL, 0, 0),
		('cushion cover', 250, NULL, NULL, NULL, 0, 0),
		('bunting', 200, NULL, NULL, NULL, 0, 0),
		('toiletry & make up bags', 250, NULL, NULL, NULL, 0, 0),
		('silk sashes', 150, NULL, NULL, NULL, 0, 0)
	) AS d(name, grams, l, w, h, paise, cents)
WHERE s."id" = p."subcategory_id" AND s."name" = d.name;
