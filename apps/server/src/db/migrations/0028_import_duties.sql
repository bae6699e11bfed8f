CREATE TABLE "duty_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_code" text NOT NULL,
	"hs_prefix" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source_url" text NOT NULL,
	CONSTRAINT "duty_rates_rate" CHECK ("duty_rates"."rate_bps" between 0 and 10000),
	CONSTRAINT "duty_rates_prefix" CHECK ("duty_rates"."hs_prefix" ~ '^[0-9]{2,6}$')
);
--> statement-breakpoint
CREATE TABLE "import_rules" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"currency" text NOT NULL,
	"threshold_minor" integer NOT NULL,
	"usd_micros" integer NOT NULL,
	"tax_follows_threshold" boolean NOT NULL,
	"duty_base" text NOT NULL,
	"tax_base" text NOT NULL,
	"tax_name" text NOT NULL,
	"tax_rate_bps" integer NOT NULL,
	"country_tax_bps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_duty_bps" integer NOT NULL,
	"extra_duty_bps" integer DEFAULT 0 NOT NULL,
	"ddp" boolean DEFAULT false NOT NULL,
	"effective_from" date NOT NULL,
	"source_url" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "import_rules_threshold" CHECK ("import_rules"."threshold_minor" >= 0),
	CONSTRAINT "import_rules_fx" CHECK ("import_rules"."usd_micros" > 0),
	CONSTRAINT "import_rules_bases" CHECK ("import_rules"."duty_base" in ('goods', 'goods_shipping') and "import_rules"."tax_base" in ('goods', 'goods_shipping')),
	CONSTRAINT "import_rules_rates" CHECK ("import_rules"."tax_rate_bps" between 0 and 10000 and "import_rules"."default_duty_bps" between 0 and 10000 and "import_rules"."extra_duty_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "duties" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "duty_rates" ADD CONSTRAINT "duty_rates_rule_code_import_rules_code_fk" FOREIGN KEY ("rule_code") REFERENCES "public"."import_rules"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duty_rates_rule_prefix_day" ON "duty_rates" USING btree ("rule_code","hs_prefix","effective_from");--> statement-breakpoint
-- Seed (decision 081; figures and sources in docs/duty-rates.md). The seller checks and edits them in the back office.
INSERT INTO "import_rules" ("code", "name", "countries", "currency", "threshold_minor", "usd_micros", "tax_follows_threshold", "duty_base", "tax_base", "tax_name", "tax_rate_bps", "country_tax_bps", "default_duty_bps", "extra_duty_bps", "ddp", "effective_from", "source_url", "note") VALUES
('US', 'the United States', ARRAY['US','PR'], 'USD', 0, 1000000, true, 'goods', 'goods', 'Sales tax', 0, '{}'::jsonb, 650, 5000, false, '2025-08-29', 'https://www.cbp.gov/trade/trade-enforcement/tftea/de-minimis', 'De minimis suspended for all countries from 29 August 2025 (EO 14324). Additional duties on goods of India under IEEPA: 25% (EO 14257 as amended) plus 25% (EO 14329), in force since 27 August 2025; they change often: check before relying on them. State sales tax is not collected at the border.'),
('GB', 'the United Kingdom', ARRAY['GB','IM'], 'GBP', 13500, 1340000, false, 'goods_shipping', 'goods_shipping', 'VAT', 2000, '{}'::jsonb, 1200, 0, false, '2021-01-01', 'https://www.gov.uk/goods-sent-from-abroad/tax-and-duty', 'No customs duty at or below GBP 135; VAT is due on every consignment (at or below GBP 135 the seller is to charge it at sale if registered for UK VAT). Rates are the UK Global Tariff third-country rates; the India-UK CETA preferences apply only once in force and with proof of origin.'),
('EU', 'European Union', ARRAY['AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','RO','SK','SI','ES','SE'], 'EUR', 15000, 1160000, false, 'goods_shipping', 'goods_shipping', 'VAT', 2000, '{"AT":2000,"BE":2100,"BG":2000,"HR":2500,"CY":1900,"CZ":2100,"DK":2500,"EE":2400,"FI":2550,"FR":2000,"DE":1900,"GR":2400,"HU":2700,"IE":2300,"IT":2200,"LV":2100,"LT":2100,"LU":1700,"MT":1800,"NL":2100,"PL":2300,"PT":2300,"RO":2100,"SK":2300,"SI":2200,"ES":2100,"SE":2500}'::jsonb, 1200, 0, false, '2021-07-01', 'https://taxation-customs.ec.europa.eu/customs-4/calculation-customs-duties/customs-procedures-import-and-export-0/import/e-commerce_en', 'No customs duty at or below EUR 150 intrinsic value; import VAT on every consignment since 1 July 2021 (collected at sale under IOSS when the seller is registered). Rates are TARIC third-country duties; India''s textiles are graduated out of the EU GSP.'),
('CA', 'Canada', ARRAY['CA'], 'CAD', 2000, 720000, true, 'goods', 'goods', 'GST', 500, '{}'::jsonb, 1800, 0, false, '2020-07-01', 'https://www.cbsa-asfc.gc.ca/services/cusma-aceum/lvs-efv-eng.html', 'Courier shipments from outside CUSMA countries: no duty or tax at or below CAD 20. GST 5% only; the provinces with HST (13-15%) or PST charge more.'),
('AU', 'Australia', ARRAY['AU'], 'AUD', 100000, 660000, true, 'goods', 'goods_shipping', 'GST', 1000, '{}'::jsonb, 500, 0, false, '2018-07-01', 'https://www.abf.gov.au/importing-exporting-and-manufacturing/importing/cost-of-importing-goods', 'No duty or GST at the border at or below AUD 1,000 (GST on low value imported goods is charged at sale by registered sellers). General duty 5%; goods of India are duty-free under AI-ECTA with proof of origin.'),
('AE', 'the United Arab Emirates', ARRAY['AE'], 'AED', 100000, 272300, true, 'goods_shipping', 'goods_shipping', 'VAT', 500, '{}'::jsonb, 500, 0, false, '2018-01-01', 'https://www.fca.gov.ae/', 'GCC common customs law: 5% duty on the CIF value above AED 1,000; VAT 5%. Goods of India may be duty-free under the India-UAE CEPA with proof of origin.');
--> statement-breakpoint
INSERT INTO "duty_rates" ("rule_code", "hs_prefix", "rate_bps", "effective_from", "source_url") VALUES
('US', '6302', 670, '2025-01-01', 'https://hts.usitc.gov/search?query=6302'),
('US', '6304', 630, '2025-01-01', 'https://hts.usitc.gov/search?query=6304'),
('US', '6301', 840, '2025-01-01', 'https://hts.usitc.gov/search?query=6301'),
('US', '5702', 350, '2025-01-01', 'https://hts.usitc.gov/search?query=5702'),
('US', '5705', 350, '2025-01-01', 'https://hts.usitc.gov/search?query=5705'),
('US', '4420', 320, '2025-01-01', 'https://hts.usitc.gov/search?query=4420'),
('US', '6204', 840, '2025-01-01', 'https://hts.usitc.gov/search?query=6204'),
('US', '6206', 1540, '2025-01-01', 'https://hts.usitc.gov/search?query=6206'),
('US', '6205', 1970, '2025-01-01', 'https://hts.usitc.gov/search?query=6205'),
('US', '6109', 1650, '2025-01-01', 'https://hts.usitc.gov/search?query=6109'),
('GB', '63', 1200, '2021-01-01', 'https://www.trade-tariff.service.gov.uk/chapters/63'),
('GB', '62', 1200, '2021-01-01', 'https://www.trade-tariff.service.gov.uk/chapters/62'),
('GB', '61', 1200, '2021-01-01', 'https://www.trade-tariff.service.gov.uk/chapters/61'),
('GB', '57', 800, '2021-01-01', 'https://www.trade-tariff.service.gov.uk/chapters/57'),
('GB', '4420', 0, '2021-01-01', 'https://www.trade-tariff.service.gov.uk/headings/4420'),
('EU', '63', 1200, '2021-07-01', 'https://ec.europa.eu/taxation_customs/dds2/taric/taric_consultation.jsp?Lang=en&Taric=63'),
('EU', '62', 1200, '2021-07-01', 'https://ec.europa.eu/taxation_customs/dds2/taric/taric_consultation.jsp?Lang=en&Taric=62'),
('EU', '61', 1200, '2021-07-01', 'https://ec.europa.eu/taxation_customs/dds2/taric/taric_consultation.jsp?Lang=en&Taric=61'),
('EU', '57', 800, '2021-07-01', 'https://ec.europa.eu/taxation_customs/dds2/taric/taric_consultation.jsp?Lang=en&Taric=57'),
('EU', '4420', 0, '2021-07-01', 'https://ec.europa.eu/taxation_customs/dds2/taric/taric_consultation.jsp?Lang=en&Taric=4420'),
('CA', '63', 1800, '2020-07-01', 'https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/menu-eng.html'),
('CA', '6302', 1700, '2020-07-01', 'https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/menu-eng.html'),
('CA', '62', 1800, '2020-07-01', 'https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/menu-eng.html'),
('CA', '61', 1800, '2020-07-01', 'https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/menu-eng.html'),
('CA', '57', 1250, '2020-07-01', 'https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/menu-eng.html'),
('CA', '4420', 0, '2020-07-01', 'https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/menu-eng.html');
