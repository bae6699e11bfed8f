import { sql } from "drizzle-orm";
import { PRICE_ENTRY_CURRENCIES } from "@store/shared";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { SizeChart } from "@store/shared";
import { tsvector } from "../../db/types";

export const categories = pgTable("categories", {
  id: integer("id").primaryKey(),
  /** Lowercase URL segment, e.g. "home & living". */
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
});

/**
 * A GST rate rule products are classed under ("Apparel and made-up textiles"): rates change by notification,
 * so they are data the seller edits, each rate with the date it takes effect (decision 033).
 */
export const taxRules = pgTable("tax_rules", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
});

/** A rule's rate from `effective_from` until the next row of the same rule. Rates in basis points (500 = 5%). */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    ruleId: integer("rule_id")
      .notNull()
      .references(() => taxRules.id, { onDelete: "cascade" }),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    rateBps: integer("rate_bps").notNull(),
    /** Per-piece taxable value (paise) up to which `rate_bps` applies; above it `rate_above_bps`. Null: one rate. */
    thresholdMinor: integer("threshold_minor"),
    rateAboveBps: integer("rate_above_bps"),
  },
  (t) => [
    unique("tax_rates_rule_date_uq").on(t.ruleId, t.effectiveFrom),
    check("tax_rates_rate_range", sql`${t.rateBps} between 0 and 4000`),
    check(
      "tax_rates_threshold_pair",
      sql`(${t.thresholdMinor} is null) = (${t.rateAboveBps} is null) and coalesce(${t.rateAboveBps}, 0) between 0 and 4000`,
    ),
  ],
);

/**
 * How a kind of piece names its sizes and measures them (issue 40): the size codes (S..XL, ONE) stay the
 * keys carts, orders and stock use; `names` gives each code the name shoppers read ("Double", "40 x 40 cm";
 * a code left out reads as itself) and `chart` the measurements in cm (inches are worked out when shown).
 * A subcategory points at its scheme, and a product may point at its own instead.
 */
export const sizeSchemes = pgTable("size_schemes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  names: jsonb("names").$type<Partial<Record<string, string>>>().notNull().default({}),
  chart: jsonb("chart").$type<SizeChart | null>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A subcategory of a category. Its HSN code and tax rule are the seller's defaults for its products: a
 * product without its own is invoiced with them (issue 38); null until set.
 */
export const subcategories = pgTable(
  "subcategories",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    position: integer("position").notNull().default(0),
    hsnCode: text("hsn_code"),
    taxRuleId: integer("tax_rule_id").references(() => taxRules.id),
    /** How its products' sizes are named and measured; null: by their codes, with no chart. */
    sizeSchemeId: integer("size_scheme_id").references(() => sizeSchemes.id, { onDelete: "set null" }),
  },
  (t) => [unique("subcategories_category_name_uq").on(t.categoryId, t.name)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    productCode: integer("product_code").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer("subcategory_id").references(() => subcategories.id),
    /** Category and subcategory names, copied in so the generated search document can rank them. */
    categoryTerms: text("category_terms").notNull().default(""),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    newArrival: boolean("new_arrival").notNull().default(true),
    topSelling: boolean("top_selling").notNull().default(false),
    remarks: text("remarks").notNull().default(""),
    /** The currency the seller types this product's prices in (decision 078); the prices are stored in USD cents either way. */
    priceEntryCurrency: text("price_entry_currency", { enum: PRICE_ENTRY_CURRENCIES }).notNull().default("USD"),
    /** The listing's colour and material filters (issue 40): the seller's words; empty: not in those filters. */
    colour: text("colour").notNull().default(""),
    material: text("material").notNull().default(""),
    /** The product page's title and meta description when set; empty: the name and description are used. */
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    /** The product's own HSN code (4, 6 or 8 digits) and rule; null: its subcategory's default applies. */
    hsnCode: text("hsn_code"),
    taxRuleId: integer("tax_rule_id").references(() => taxRules.id),
    /** The product's own size scheme; null: its subcategory's applies. */
    sizeSchemeId: integer("size_scheme_id").references(() => sizeSchemes.id, { onDelete: "set null" }),
    /**
     * What one piece weighs packed, in grams, and its package in whole centimetres where its size matters to
     * the courier (null: a soft piece folded into the mailer); the handling surcharge the seller adds to
     * international shipping per piece, in paise and cents (decision 080).
     */
    shippingGrams: integer("shipping_grams").notNull().default(500),
    packageLengthCm: integer("package_length_cm"),
    packageWidthCm: integer("package_width_cm"),
    packageHeightCm: integer("package_height_cm"),
    handlingPaise: integer("handling_paise").notNull().default(0),
    handlingCents: integer("handling_cents").notNull().default(0),
    /**
     * Made to order (decision 099): the days the seller needs to make a piece (1-180; null: a stocked piece),
     * what the product page asks the shopper to write with it, whether it must be written, and whether such
     * a piece may be returned (the seller's choice; not by default). Stock still counts: it is how many the
     * seller will take orders for.
     */
    madeToOrderDays: integer("made_to_order_days"),
    madeToOrderPrompt: text("made_to_order_prompt").notNull().default(""),
    madeToOrderNotesRequired: boolean("made_to_order_notes_required").notNull().default(false),
    madeToOrderReturnable: boolean("made_to_order_returnable").notNull().default(false),
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql`
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(category_terms, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`),
    /** The name alone: search lists products with the words in their name first, found through its own index. */
    nameVector: tsvector("name_vector").generatedAlwaysAs(sql`to_tsvector('english'::regconfig, coalesce(name, ''))`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_listing_idx")
      .on(t.categoryId, t.subcategoryId, t.id)
      .where(sql`${t.isActive}`),
    // A category's listing in id order, read straight off the index however few of the products it holds
    // (the primary key would walk the whole table for a small category) and however deep the page.
    index("products_category_order_idx")
      .on(t.categoryId, t.id)
      .where(sql`${t.isActive}`),
    index("products_top_selling_idx")
      .on(t.id)
      .where(sql`${t.isActive} and ${t.topSelling}`),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_name_search_idx").using("gin", t.nameVector),
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    check("products_rating_range", sql`${t.rating} between 0 and 5`),
    check("products_price_entry_currency", sql`${t.priceEntryCurrency} in ('USD', 'INR')`),
    check("products_made_to_order_days", sql`${t.madeToOrderDays} between 1 and 180`),
  ],
);

/** One row per size a product is sold in: its own price (USD cents) and stock. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    offerPriceCents: integer("offer_price_cents").notNull(),
    mrpCents: integer("mrp_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    /** Pieces of this size sold (taken for orders, less those given back): the listing's "best selling" sort. */
    unitsSold: integer("units_sold").notNull().default(0),
    /** false: the size is retired (no longer sold) but kept, because order lines point at it. */
    offered: boolean("offered").notNull().default(true),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    unique("product_variants_product_size_uq").on(t.productId, t.size),
    check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("product_variants_prices_positive", sql`${t.offerPriceCents} >= 0 and ${t.mrpCents} >= 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

/** The home page's shop-by-category strip (spec: "Product category"). */
export const homeCategories = pgTable("home_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  media: text("media").notNull(),
  navigateLink: text("navigate_link").notNull(),
  position: integer("position").notNull().default(0),
  /** A hidden tile stays editable in the back office but is left out of the home page. */
  isShown: boolean("is_shown").notNull().default(true),
});

/** The seller's catalogue settings, one row per key (today: where new products appear in listings). */
export const catalogSettings = pgTable("catalog_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
