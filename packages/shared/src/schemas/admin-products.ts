import { z } from "zod";
import { CATEGORIES, SUBCATEGORIES } from "../categories";
import { PRODUCT_SIZES, type ProductSize } from "../constants";
import { unreachableInrMessage, usdCentsForInr } from "../inr-target";
import { inrFromUsdCents } from "../money";
import { idParam } from "./common";
import { INT32_MAX } from "./input-rules";
import { PRODUCT_ATTRIBUTE_MAX } from "./listing-filters";
import {
  adminPageMeta,
  adminPageQuery,
  formNumber,
  mediaUrlSchema,
  optionalMediaUrl,
  optionalText,
  queryBoolean,
  requiredText,
} from "./admin-common";
import { clearableHsnCode, clearableTaxRuleId, ownHsnCode, ownTaxRuleId } from "./admin-tax-rules";

/** The add-item form's validation texts (spec section 5), word for word. */
export const ADD_ITEM_MESSAGES = {
  category: "Please select a category!",
  productName: "Please enter the product name!",
  description: "Please enter the description!",
  offerPrice: "Please enter the offer price!",
  mrp: "Please enter the MRP!",
  productCode: "Please enter the product code!",
  offerAboveMrp: "The offer price cannot be more than the MRP!",
  subcategoryMismatch: "This subcategory is not part of the chosen category!",
  sizeForPrices: "Choose the size these prices and quantity are for!",
} as const;

/**
 * The add-item form's defaults (spec section 4): quantity 10, new arrival and top selling on. A new product
 * is a draft (inactive) until the seller activates it, departing from the spec's is_active true (decision
 * 025-catalogue-tools).
 */
export const ADD_ITEM_DEFAULTS = {
  quantity: 10,
  is_active: false,
  new_arrival: true,
  top_selling: true,
  size: "S",
} as const;

/** The form's size choice (spec: Small, Medium, Large) and the size codes the catalogue stores. */
export const ADD_ITEM_SIZES = [
  { label: "Small", value: "S" },
  { label: "Medium", value: "M" },
  { label: "Large", value: "L" },
  { label: "One size", value: "ONE" },
] as const satisfies readonly { label: string; value: ProductSize }[];

/** The five image slots of the form, in display order; main_image is the card's picture. */
export const PRODUCT_MEDIA_FIELDS = [
  "main_image",
  "second_media",
  "third_media",
  "fourth_media",
  "fifth_media",
] as const;
export type ProductMediaField = (typeof PRODUCT_MEDIA_FIELDS)[number];

const SIZE_INPUTS = [...PRODUCT_SIZES, ...ADD_ITEM_SIZES.map((s) => s.label)] as [string, ...string[]];
/** "Small" / "S" -> "S" (the form may send either); XL is accepted for garments that come in it. */
export const adminSizeSchema = z
  .enum(SIZE_INPUTS, { error: "Choose Small, Medium, Large or One size" })
  .transform((value): ProductSize => ADD_ITEM_SIZES.find((s) => s.label === value)?.value ?? (value as ProductSize));

const M = ADD_ITEM_MESSAGES;
const categoryField = formNumber(
  z
    .number({ error: M.category })
    .int(M.category)
    .refine((id) => CATEGORIES.some((c) => c.id === id), M.category),
);
const subcategoryId = z
  .number({ error: "Choose a subcategory from the list" })
  .int()
  .refine((id) => SUBCATEGORIES.some((s) => s.id === id), "Choose a subcategory from the list");
const productCodeField = formNumber(
  z
    .number({ error: M.productCode })
    .int("The product code must be a whole number")
    .min(1, "The product code must be a positive number")
    .max(INT32_MAX, "The product code is too large"),
);
const quantityField = z
  .number({ error: "Enter the quantity as a number" })
  .int("Enter a whole quantity")
  .min(0, "The quantity cannot be negative")
  .max(1_000_000, "The quantity is too large");
/** The largest catalogue price, in dollars (and in cents for the rupee helper). */
export const USD_PRICE_MAX = 1_000_000;
export const USD_PRICE_MAX_CENTS = USD_PRICE_MAX * 100;
/**
 * A catalogue price in US dollars with at most two decimals (cents): the INR rule works on cents. A
 * negative amount is refused with a message, never turned into 0.
 */
export const usdPrice = (requiredMessage: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? requiredMessage : "Enter a number") })
    .min(0, "This cannot be negative")
    .max(USD_PRICE_MAX, "This is too large")
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "Use at most two decimals (cents)");
/**
 * Which currency the seller types a product's prices in, kept per product (decision 078): US dollars (the
 * spec's stored price), or rupees, from which the USD price is derived by the spec's rule.
 */
export const PRICE_ENTRY_CURRENCIES = ["USD", "INR"] as const;
export type PriceEntryCurrency = (typeof PRICE_ENTRY_CURRENCIES)[number];
const priceEntryCurrency = z.enum(PRICE_ENTRY_CURRENCIES, { error: "Choose US dollars or rupees" });
/** The largest rupee price: the one the largest USD price gives. */
export const INR_PRICE_MAX = inrFromUsdCents(USD_PRICE_MAX_CENTS);
/**
 * A catalogue price typed in whole rupees. Only a price the spec's rule can give is accepted (it ends in
 * 9); any other is refused naming the nearest ones, never silently moved to a neighbour.
 */
const inrPrice = z
  .number({ error: "Enter a number" })
  .int("Type whole rupees")
  .min(0, "This cannot be negative")
  .max(INR_PRICE_MAX, "This is too large")
  // Checks run on after a failed one: only a whole amount in range is asked about (the others have their message).
  .refine(
    (inr) =>
      !Number.isSafeInteger(inr) || inr < 0 || inr > INR_PRICE_MAX || usdCentsForInr(inr, USD_PRICE_MAX_CENTS) !== null,
    {
      error: (issue) => unreachableInrMessage(Number(issue.input), USD_PRICE_MAX_CENTS),
    },
  );
/** The USD price (dollars, cents allowed) a reachable rupee price is stored as. */
const usdFromInr = (inr: number) => (usdCentsForInr(inr, USD_PRICE_MAX_CENTS) ?? 0) / 100;

/** The prices of a row as dollars, where it gave them in dollars or in rupees; a price not given stays out. */
interface RowPrices {
  offer_price?: number;
  mrp?: number;
  offer_price_inr?: number;
  mrp_inr?: number;
}
function effectivePrices(row: RowPrices): { offer?: number; mrp?: number } {
  const pick = (usd: number | undefined, inr: number | undefined) =>
    usd !== undefined
      ? usd
      : inr !== undefined && usdCentsForInr(inr, USD_PRICE_MAX_CENTS) !== null
        ? usdFromInr(inr)
        : undefined;
  return { offer: pick(row.offer_price, row.offer_price_inr), mrp: pick(row.mrp, row.mrp_inr) };
}
/** Rupee prices become the dollars stored (after validation, so every rupee price here is reachable). */
function withUsdPrices<T extends RowPrices>(row: T): T {
  return {
    ...row,
    ...(row.offer_price === undefined &&
      row.offer_price_inr !== undefined && { offer_price: usdFromInr(row.offer_price_inr) }),
    ...(row.mrp === undefined && row.mrp_inr !== undefined && { mrp: usdFromInr(row.mrp_inr) }),
  };
}
/** Rupee fields beside the dollar ones: one or the other per price. */
const rupeeFields = {
  offer_price_inr: formNumber(inrPrice.optional()),
  mrp_inr: formNumber(inrPrice.optional()),
};
/** A price given both ways must agree, or the seller's intent is unclear. */
function checkBothWays(row: RowPrices, ctx: Issues, path: (string | number)[] = []): void {
  const pairs = [
    ["offer_price", row.offer_price, row.offer_price_inr, "offer price"],
    ["mrp", row.mrp, row.mrp_inr, "MRP"],
  ] as const;
  for (const [field, usd, inr, name] of pairs) {
    // This check runs even when a field already failed: a negative or non-numeric dollar price has its own
    // message, and must not reach the conversion (which throws on it, a 500); so has one too large to convert.
    if (typeof usd !== "number" || usd < 0 || !Number.isSafeInteger(Math.round(usd * 100))) continue;
    if (inr !== undefined && inrFromUsdCents(Math.round(usd * 100)) !== inr)
      ctx.addIssue({
        code: "custom",
        path: [...path, `${field}_inr`],
        message: `Give the ${name} in US dollars or in rupees, not both`,
      });
  }
}
/** A required price: in dollars or in rupees (checked even when other fields failed, so every message shows). */
const requirePrices = (row: Partial<RowPrices>) => {
  const issues: { path: string[]; message: string }[] = [];
  if (row.offer_price === undefined && row.offer_price_inr === undefined)
    issues.push({ path: ["offer_price"], message: M.offerPrice });
  if (row.mrp === undefined && row.mrp_inr === undefined) issues.push({ path: ["mrp"], message: M.mrp });
  return issues;
};

const mediaFields = Object.fromEntries(PRODUCT_MEDIA_FIELDS.map((f) => [f, optionalMediaUrl.optional()])) as Record<
  ProductMediaField,
  z.ZodOptional<typeof optionalMediaUrl>
>;

/** One size with its own prices (US dollars with cents, or whole rupees) and stock. */
export const productSizeInputSchema = z
  .object({
    size: adminSizeSchema,
    offer_price: formNumber(usdPrice(M.offerPrice).optional()),
    mrp: formNumber(usdPrice(M.mrp).optional()),
    ...rupeeFields,
    quantity: formNumber(quantityField.default(ADD_ITEM_DEFAULTS.quantity)),
  })
  .superRefine((row, ctx) => {
    for (const issue of requirePrices(row)) ctx.addIssue({ code: "custom", ...issue });
  })
  .transform((row) => withUsdPrices(row) as typeof row & { offer_price: number; mrp: number });
/**
 * A size to add or change: omitted fields keep their stored values (a new size needs both prices).
 * `offered: false` retires a size (no longer sold, kept for the orders that point at it); true offers it again.
 */
export const productSizePatchSchema = z
  .object({
    size: adminSizeSchema,
    offer_price: formNumber(usdPrice(M.offerPrice).optional()),
    mrp: formNumber(usdPrice(M.mrp).optional()),
    ...rupeeFields,
    quantity: formNumber(quantityField.optional()),
    offered: z.boolean().optional(),
  })
  .transform(withUsdPrices);

/** One image of a product in display order, with the text that describes it to people who cannot see it. */
export const productImageInputSchema = z.object({
  url: mediaUrlSchema,
  alt: optionalText(200).default(""),
});
/** The listing's colour and material filters (issue 40): the seller's words, "" for none. */
const attributeFields = {
  colour: optionalText(PRODUCT_ATTRIBUTE_MAX).optional(),
  material: optionalText(PRODUCT_ATTRIBUTE_MAX).optional(),
};
/**
 * How a piece ships (decision 080): its packed weight in grams, its package in whole centimetres where its size
 * matters to the courier (all three or none; null clears them), and the handling surcharge added to shipping
 * abroad per piece, in whole rupees and dollars (0: none).
 */
const packageSide = (side: string) =>
  formNumber(
    z
      .number({ error: `Enter the package ${side} in whole centimetres` })
      .int(`Enter the package ${side} in whole centimetres`)
      .min(1, `The package ${side} is at least 1 cm`)
      .max(300, `The package ${side} is at most 300 cm`)
      .nullable()
      .optional(),
    null,
  );
const handling = (currency: "INR" | "USD", max: number) =>
  formNumber(
    z
      .number({ error: `Enter the surcharge in whole ${currency === "INR" ? "rupees" : "US dollars"} (0 for none)` })
      .int(`Enter the surcharge in whole ${currency === "INR" ? "rupees" : "US dollars"}, without decimals`)
      .min(0, "The surcharge cannot be negative")
      .max(max, `The surcharge is at most ${currency === "INR" ? "₹" : "$"}${max.toLocaleString("en-US")}`)
      .optional(),
  );
const shippingFields = {
  shipping_grams: formNumber(
    z
      .number({ error: "Enter the packed weight in grams" })
      .int("Enter the packed weight in whole grams")
      .min(1, "The packed weight is at least 1 g")
      .max(70000, "The packed weight is at most 70,000 g (70 kg)")
      .optional(),
  ),
  package_length_cm: packageSide("length"),
  package_width_cm: packageSide("width"),
  package_height_cm: packageSide("height"),
  handling_inr: handling("INR", 20000),
  handling_usd: handling("USD", 250),
};
/** The longest a made-to-order piece may take to make, in days (decision 099). */
const MADE_TO_ORDER_MAX_DAYS = 180;
/**
 * Made to order (decision 099): the days to make a piece (1-180; null or "" on an edit: a stocked piece
 * again), what the product page asks the shopper to write with it, whether that must be written, and whether
 * such a piece may be returned (not unless the seller says so).
 */
const madeToOrderFields = {
  made_to_order_days: formNumber(
    z
      .number({ error: "Enter the days to make it as a whole number" })
      .int("Enter the days to make it as a whole number")
      .min(1, "Making takes at least 1 day")
      .max(MADE_TO_ORDER_MAX_DAYS, `Making may take at most ${MADE_TO_ORDER_MAX_DAYS} days`)
      .nullable()
      .optional(),
    null,
  ),
  made_to_order_prompt: optionalText(200).optional(),
  made_to_order_notes_required: z.boolean({ error: "made_to_order_notes_required must be true or false" }).optional(),
  made_to_order_returnable: z.boolean({ error: "made_to_order_returnable must be true or false" }).optional(),
};
/** Notes can only be asked for on a made-to-order product. */
function checkMadeToOrder(
  value: { made_to_order_days?: number | null; made_to_order_notes_required?: boolean },
  ctx: Issues,
): void {
  if (value.made_to_order_notes_required === true && value.made_to_order_days === null)
    ctx.addIssue({
      code: "custom",
      path: ["made_to_order_notes_required"],
      message: "Only a made-to-order product can ask for notes: give the days to make it",
    });
}
/** Search engines show about 60 and 160 characters; a little more is allowed and cut by them. */
const seoFields = {
  seo_title: optionalText(120).optional(),
  seo_description: optionalText(320).optional(),
};

type Issues = { addIssue(issue: { code: "custom"; path: (string | number)[]; message: string }): void };
interface PriceCheckable extends RowPrices {
  size?: ProductSize;
  quantity?: number;
  category?: number;
  subcategory?: number | null;
  sizes?: ({ size: ProductSize } & RowPrices)[];
}

/** The rules between fields, for both the add form and an edit (absent values are not checked here). */
function checkProduct(value: PriceCheckable, ctx: Issues): void {
  checkBothWays(value, ctx);
  const main = effectivePrices(value);
  if (main.offer !== undefined && main.mrp !== undefined && main.offer > main.mrp) {
    ctx.addIssue({
      code: "custom",
      path: [value.offer_price === undefined ? "offer_price_inr" : "offer_price"],
      message: M.offerAboveMrp,
    });
  }
  if (
    value.category !== undefined &&
    value.subcategory != null &&
    !SUBCATEGORIES.some((s) => s.id === value.subcategory && s.categoryId === value.category)
  ) {
    ctx.addIssue({ code: "custom", path: ["subcategory"], message: M.subcategoryMismatch });
  }
  const seen = new Set(value.size ? [value.size] : []);
  value.sizes?.forEach((row, i) => {
    if (seen.has(row.size))
      ctx.addIssue({ code: "custom", path: ["sizes", i, "size"], message: `Size ${row.size} is listed twice` });
    seen.add(row.size);
    checkBothWays(row, ctx, ["sizes", i]);
    const prices = effectivePrices(row);
    if (prices.offer !== undefined && prices.mrp !== undefined && prices.offer > prices.mrp) {
      const field = row.offer_price === undefined ? "offer_price_inr" : "offer_price";
      ctx.addIssue({ code: "custom", path: ["sizes", i, field], message: M.offerAboveMrp });
    }
  });
}

/**
 * `POST /api/admin/products`: the spec's add-item form. `size` with `offer_price`, `mrp` and `quantity`
 * is the form's one size; `sizes` optionally adds more sizes, each with its own prices and stock.
 */
export const productCreateSchema = z
  .object({
    product_name: requiredText(M.productName, 200),
    product_code: productCodeField,
    category: categoryField,
    subcategory: formNumber(subcategoryId.optional()),
    size: adminSizeSchema.default(ADD_ITEM_DEFAULTS.size),
    sizes: z
      .array(productSizeInputSchema)
      .max(PRODUCT_SIZES.length - 1, "Too many sizes")
      .optional(),
    is_active: z.boolean().default(ADD_ITEM_DEFAULTS.is_active),
    new_arrival: z.boolean().default(ADD_ITEM_DEFAULTS.new_arrival),
    top_selling: z.boolean().default(ADD_ITEM_DEFAULTS.top_selling),
    description: requiredText(M.description, 5000, { multiline: true }),
    quantity: formNumber(quantityField.default(ADD_ITEM_DEFAULTS.quantity)),
    offer_price: formNumber(usdPrice(M.offerPrice).optional()),
    mrp: formNumber(usdPrice(M.mrp).optional()),
    ...rupeeFields,
    price_entry_currency: priceEntryCurrency.default("USD"),
    ...mediaFields,
    ...seoFields,
    ...attributeFields,
    ...shippingFields,
    ...madeToOrderFields,
    remarks: optionalText(2000, { multiline: true }).optional(),
    /**
     * Ours (issue 15): what the invoice prints and taxes; the rule must have a rate in force today. Either may be
     * left out for the subcategory's default (issue 38); the server refuses a product left with neither.
     */
    hsn_code: ownHsnCode,
    tax_rule_id: ownTaxRuleId,
  })
  .superRefine(checkProduct)
  .superRefine(checkMadeToOrder)
  // Checked even when other fields failed (`when`), so the form shows every missing field at once.
  .refine((value) => value.offer_price !== undefined || value.offer_price_inr !== undefined, {
    path: ["offer_price"],
    message: M.offerPrice,
    when: () => true,
  })
  .refine((value) => value.mrp !== undefined || value.mrp_inr !== undefined, {
    path: ["mrp"],
    message: M.mrp,
    when: () => true,
  })
  .transform((value) => withUsdPrices(value) as typeof value & { offer_price: number; mrp: number });

/**
 * `PATCH /api/admin/products/:id`: any subset of the add-item fields. `size` with prices or quantity
 * changes (or adds) that one size; `sizes` changes several. null clears subcategory or an image slot;
 * `images` replaces the whole image list (order and alt texts). The rating is not the seller's to type.
 */
export const productPatchSchema = z
  .object({
    product_name: requiredText(M.productName, 200).optional(),
    product_code: productCodeField.optional(),
    category: categoryField.optional(),
    subcategory: formNumber(subcategoryId.nullable().optional(), null),
    size: adminSizeSchema.optional(),
    sizes: z.array(productSizePatchSchema).max(PRODUCT_SIZES.length, "Too many sizes").optional(),
    is_active: z.boolean().optional(),
    new_arrival: z.boolean().optional(),
    top_selling: z.boolean().optional(),
    description: requiredText(M.description, 5000, { multiline: true }).optional(),
    quantity: formNumber(quantityField.optional()),
    offer_price: formNumber(usdPrice(M.offerPrice).optional()),
    mrp: formNumber(usdPrice(M.mrp).optional()),
    ...rupeeFields,
    price_entry_currency: priceEntryCurrency.optional(),
    ...mediaFields,
    images: z.array(productImageInputSchema).max(PRODUCT_MEDIA_FIELDS.length, "At most five images").optional(),
    ...seoFields,
    ...attributeFields,
    ...shippingFields,
    ...madeToOrderFields,
    remarks: optionalText(2000, { multiline: true }).optional(),
    /** null: the product's own is cleared and its subcategory's default applies. */
    hsn_code: clearableHsnCode,
    tax_rule_id: clearableTaxRuleId,
  })
  .superRefine((value, ctx) => {
    const pricesGiven = [value.offer_price, value.mrp, value.offer_price_inr, value.mrp_inr, value.quantity].some(
      (v) => v !== undefined,
    );
    if (pricesGiven && value.size === undefined)
      ctx.addIssue({ code: "custom", path: ["size"], message: M.sizeForPrices });
    const mediaGiven = PRODUCT_MEDIA_FIELDS.some((f) => value[f] !== undefined);
    if (mediaGiven && value.images !== undefined)
      ctx.addIssue({ code: "custom", path: ["images"], message: "Send the images as a list or as slots, not both" });
    value.images?.forEach((image, i) => {
      if (value.images?.findIndex((other) => other.url === image.url) !== i)
        ctx.addIssue({ code: "custom", path: ["images", i, "url"], message: "This image is listed twice" });
    });
    checkProduct(value, ctx);
    checkMadeToOrder(value, ctx);
  })
  .transform(withUsdPrices);

/** `GET /api/admin/products?query&page&page_size&category_pk&is_active`: inactive products included. */
export const adminProductListQuerySchema = adminPageQuery.extend({
  /** Part of the name, or a product code. */
  query: optionalText(200).optional(),
  category_pk: idParam.optional(),
  is_active: queryBoolean.optional(),
  /** Active products with a size still offered at or below the low-stock threshold (the dashboard's link). */
  low_stock: queryBoolean.optional(),
});

/**
 * Where new products appear in the shop's category listings: last (oldest first, the shop's order so far)
 * or first (newest first).
 */
export const LISTING_ORDERS = ["oldest_first", "newest_first"] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];
/** `GET`/`PATCH /api/admin/catalogue-settings` (the one setting is required). */
export const catalogueSettingsSchema = z.object({
  listing_order: z.enum(LISTING_ORDERS, { error: "Choose newest first or oldest first" }),
});
export type CatalogueSettings = z.infer<typeof catalogueSettingsSchema>;

/** `GET /api/admin/products/next-code`: the next free product code (one above the highest in use). */
export const nextProductCodeSchema = z.object({ product_code: z.number().int() });

export const adminProductSizeSchema = z.object({
  size: z.string(),
  offer_price: z.number(),
  mrp: z.number(),
  quantity: z.number().int(),
  /** false: retired, no longer sold (kept for the orders that point at it). */
  offered: z.boolean(),
  /** The rupee prices shoppers in India see (derived from the USD prices by the spec's rule). */
  offer_price_inr: z.number().int(),
  mrp_inr: z.number().int(),
});

/** A product as the back office edits it: the add-item fields, prices in US dollars (cents allowed). */
export const adminProductSchema = z.object({
  id: z.number().int(),
  product_code: z.number().int(),
  product_name: z.string(),
  category: z.number().int(),
  category_name: z.string(),
  subcategory: z.number().int().nullable(),
  subcategory_name: z.string().nullable(),
  description: z.string(),
  is_active: z.boolean(),
  new_arrival: z.boolean(),
  top_selling: z.boolean(),
  /** 0 until rated; read-only (it comes from reviews). */
  rating: z.number(),
  review_count: z.number().int(),
  remarks: z.string(),
  colour: z.string(),
  material: z.string(),
  /** How a piece ships (decision 080): grams packed, its package in cm or null, handling abroad in whole units. */
  shipping_grams: z.number().int(),
  package_length_cm: z.number().int().nullable(),
  package_width_cm: z.number().int().nullable(),
  package_height_cm: z.number().int().nullable(),
  handling_inr: z.number(),
  handling_usd: z.number(),
  /** Made to order (decision 099): days to make it (null: stocked), the prompt, notes required, returnable. */
  made_to_order_days: z.number().int().nullable(),
  made_to_order_prompt: z.string(),
  made_to_order_notes_required: z.boolean(),
  made_to_order_returnable: z.boolean(),
  ...(Object.fromEntries(PRODUCT_MEDIA_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
    ProductMediaField,
    z.ZodNullable<z.ZodString>
  >),
  /** The images in display order with their alt texts (the slots above are the same list). */
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  seo_title: z.string(),
  seo_description: z.string(),
  /** The product's own HSN code and rule; null: its subcategory's default applies (issue 38). */
  hsn_code: z.string().nullable(),
  tax_rule_id: z.number().int().nullable(),
  tax_rule_name: z.string().nullable(),
  /** Its subcategory's defaults, null where there are none: what the invoice uses when the product has none of its own. */
  default_hsn_code: z.string().nullable(),
  default_tax_rule_id: z.number().int().nullable(),
  default_tax_rule_name: z.string().nullable(),
  sizes: z.array(adminProductSizeSchema),
  /** Which currency the seller types this product's prices in (decision 078). */
  price_entry_currency: priceEntryCurrency,
  created_at: z.string(),
  updated_at: z.string(),
});

export const adminProductListItemSchema = z.object({
  id: z.number().int(),
  product_code: z.number().int(),
  product_name: z.string(),
  category: z.number().int(),
  subcategory: z.number().int().nullable(),
  is_active: z.boolean(),
  new_arrival: z.boolean(),
  top_selling: z.boolean(),
  main_image: z.string().nullable(),
  /** Size S, or the cheapest size (as the shop's cards show); null for a product without sizes. */
  offer_price: z.number().nullable(),
  mrp: z.number().nullable(),
  /** Pieces in stock over the sizes still offered. */
  stock: z.number().int(),
  sizes: z.array(z.string()),
  hsn_code: z.string().nullable(),
  tax_rule_id: z.number().int().nullable(),
  updated_at: z.string(),
});
export const adminProductListResponseSchema = adminPageMeta.extend({ data: z.array(adminProductListItemSchema) });

export type ProductCreateInput = z.infer<typeof productCreateSchema>;
export type ProductPatchInput = z.infer<typeof productPatchSchema>;
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;
export type AdminProduct = z.infer<typeof adminProductSchema>;
export type AdminProductListItem = z.infer<typeof adminProductListItemSchema>;
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;
