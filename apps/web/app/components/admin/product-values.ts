import {
  ADD_ITEM_DEFAULTS,
  ADD_ITEM_SIZES,
  PRICE_ENTRY_CURRENCIES,
  PRODUCT_MEDIA_FIELDS,
  type AdminProduct,
  type PriceEntryCurrency,
  type ProductMediaField,
} from "@store/shared";
import { STORAGE_KEYS } from "../../lib/api";

/**
 * A product's fields as the forms hold them: text as typed (the shared schemas turn "12" into 12 and ""
 * into "not given"), flags as booleans. Prices and quantity belong to a size, so they live apart.
 */
export type ProductDetails = {
  product_name: string;
  product_code: string;
  category: string;
  subcategory: string;
  is_active: boolean;
  new_arrival: boolean;
  top_selling: boolean;
  description: string;
  remarks: string;
  /** Issue 40: the listing's colour and material filters. */
  colour: string;
  material: string;
  /** Issue 41: how a piece ships (grams packed, package in cm, handling abroad in whole rupees and dollars). */
  shipping_grams: string;
  package_length_cm: string;
  package_width_cm: string;
  package_height_cm: string;
  handling_inr: string;
  handling_usd: string;
  /** Decision 099: made to order (days to make it, "" for a stocked piece), the notes asked for, returnable. */
  made_to_order_days: string;
  made_to_order_prompt: string;
  made_to_order_notes_required: boolean;
  made_to_order_returnable: boolean;
  seo_title: string;
  seo_description: string;
  /** Issue 15: the invoice's HSN code and the GST rule (its id, as the select holds it). */
  hsn_code: string;
  tax_rule_id: string;
  /** Issue 40: the currency the seller types this product's prices in (rupees: the server derives USD). */
  price_entry_currency: PriceEntryCurrency;
} & Record<ProductMediaField, string>;

export type AddItemSize = (typeof ADD_ITEM_SIZES)[number]["value"];

/** The add-item form: the details plus the spec's one size with its quantity and prices. */
export type ItemDraft = ProductDetails & {
  size: AddItemSize;
  /** null while emptied: the schema then applies the default 10. */
  quantity: number | null;
  offer_price: number | null;
  mrp: number | null;
  /** Typed instead of the USD prices when the product's prices are typed in rupees. */
  offer_price_inr: number | null;
  mrp_inr: number | null;
};

/** A new product ships as a soft 500 g piece with no surcharge until the seller says otherwise. */
const NEW_SHIPPING = {
  shipping_grams: "500",
  package_length_cm: "",
  package_width_cm: "",
  package_height_cm: "",
  handling_inr: "0",
  handling_usd: "0",
};
const EMPTY_MEDIA = Object.fromEntries(PRODUCT_MEDIA_FIELDS.map((f) => [f, ""])) as Record<ProductMediaField, string>;

/** The spec's defaults (section 4): quantity 10, new arrival and top selling on; a new product is a draft. */
export function newDraft(): ItemDraft {
  return {
    product_name: "",
    product_code: "",
    category: "",
    subcategory: "",
    is_active: ADD_ITEM_DEFAULTS.is_active,
    new_arrival: ADD_ITEM_DEFAULTS.new_arrival,
    top_selling: ADD_ITEM_DEFAULTS.top_selling,
    description: "",
    remarks: "",
    colour: "",
    material: "",
    ...NEW_SHIPPING,
    made_to_order_days: "",
    made_to_order_prompt: "",
    made_to_order_notes_required: false,
    made_to_order_returnable: false,
    seo_title: "",
    seo_description: "",
    hsn_code: "",
    tax_rule_id: "",
    price_entry_currency: "USD",
    ...EMPTY_MEDIA,
    size: ADD_ITEM_DEFAULTS.size,
    quantity: ADD_ITEM_DEFAULTS.quantity,
    offer_price: null,
    mrp: null,
    offer_price_inr: null,
    mrp_inr: null,
  };
}

/** The field order on screen, for moving focus to the first error. */
export const FIELD_ORDER = [
  "product_name",
  "product_code",
  "category",
  "subcategory",
  "colour",
  "material",
  "shipping_grams",
  "package_length_cm",
  "package_width_cm",
  "package_height_cm",
  "handling_inr",
  "handling_usd",
  "made_to_order_days",
  "made_to_order_prompt",
  "made_to_order_notes_required",
  "made_to_order_returnable",
  "hsn_code",
  "tax_rule_id",
  "size",
  "quantity",
  "offer_price",
  "offer_price_inr",
  "mrp",
  "mrp_inr",
  "description",
  "remarks",
  "seo_title",
  "seo_description",
  ...PRODUCT_MEDIA_FIELDS,
  "images",
] as const;

export const fieldId = (field: string) => `item-${field}`;

/** A stored draft, value by value: anything missing or of the wrong kind (an older draft, a hand edit) is the default. */
export function readDraft(): ItemDraft {
  const draft = newDraft();
  let stored: unknown;
  try {
    stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.items) ?? "null");
  } catch {
    return draft;
  }
  if (typeof stored !== "object" || stored === null) return draft;
  const values = stored as Record<string, unknown>;
  const result: Record<string, unknown> = { ...draft };
  for (const [key, fallback] of Object.entries(draft)) {
    const value = values[key];
    const nullable =
      ["offer_price", "mrp", "offer_price_inr", "mrp_inr", "quantity"].includes(key) &&
      (value === null || typeof value === "number");
    if (nullable || (value !== undefined && typeof value === typeof fallback)) result[key] = value;
  }
  if (!ADD_ITEM_SIZES.some((s) => s.value === result.size)) result.size = draft.size;
  if (!(PRICE_ENTRY_CURRENCIES as readonly unknown[]).includes(result.price_entry_currency))
    result.price_entry_currency = draft.price_entry_currency;
  return result as ItemDraft;
}

/** The spec keeps the unsent form under `items`; a browser without storage simply keeps no draft. */
export function writeDraft(draft: ItemDraft | null): void {
  try {
    if (draft) window.localStorage.setItem(STORAGE_KEYS.items, JSON.stringify(draft));
    else window.localStorage.removeItem(STORAGE_KEYS.items);
  } catch (error) {
    console.error("Could not keep the add-item draft", error);
  }
}

/** A stored product as the edit form holds it. */
export function detailsOf(product: AdminProduct): ProductDetails {
  const media = Object.fromEntries(PRODUCT_MEDIA_FIELDS.map((f) => [f, product[f] ?? ""])) as Record<
    ProductMediaField,
    string
  >;
  return {
    product_name: product.product_name,
    product_code: String(product.product_code),
    category: String(product.category),
    subcategory: product.subcategory === null ? "" : String(product.subcategory),
    is_active: product.is_active,
    new_arrival: product.new_arrival,
    top_selling: product.top_selling,
    description: product.description,
    remarks: product.remarks,
    colour: product.colour,
    material: product.material,
    shipping_grams: String(product.shipping_grams),
    package_length_cm: product.package_length_cm === null ? "" : String(product.package_length_cm),
    package_width_cm: product.package_width_cm === null ? "" : String(product.package_width_cm),
    package_height_cm: product.package_height_cm === null ? "" : String(product.package_height_cm),
    handling_inr: String(product.handling_inr),
    handling_usd: String(product.handling_usd),
    made_to_order_days: product.made_to_order_days === null ? "" : String(product.made_to_order_days),
    made_to_order_prompt: product.made_to_order_prompt,
    made_to_order_notes_required: product.made_to_order_notes_required,
    made_to_order_returnable: product.made_to_order_returnable,
    seo_title: product.seo_title,
    seo_description: product.seo_description,
    hsn_code: product.hsn_code ?? "",
    tax_rule_id: product.tax_rule_id === null ? "" : String(product.tax_rule_id),
    price_entry_currency: product.price_entry_currency,
    ...media,
  };
}

/** The fields an edit changed: only those are sent, so the audit log shows what the seller meant to change. */
export function changedDetails(before: ProductDetails, after: ProductDetails): Partial<ProductDetails> {
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof ProductDetails] !== value),
  ) as Partial<ProductDetails>;
}

/**
 * After a save returns: the stored values, except where the seller changed a field while the save was in
 * flight (`current` differs from what was `sent`), which keeps what she typed (issue 40 point 14). The
 * form then shows those fields as unsaved, and the next save sends them.
 */
export function keepEditsSince<T extends Record<string, unknown>>(sent: T, current: T, stored: T): T {
  return Object.fromEntries(
    Object.keys(stored).map((key) => [key, current[key] === sent[key] ? stored[key] : current[key]]),
  ) as T;
}

type Priced = { offer_price?: number; mrp?: number; offer_price_inr?: number; mrp_inr?: number };
/**
 * What a form sends when the seller typed rupees: the rupee prices only, so the server derives the USD
 * prices itself (the shared schema derived them here too, for the checks between fields).
 */
export function rupeesOnly<T extends Priced & { sizes?: Priced[] }>(data: T): T {
  const strip = <R extends Priced>(row: R): R => {
    const { offer_price, mrp, ...rest } = row;
    return {
      ...rest,
      ...(row.offer_price_inr === undefined && offer_price !== undefined && { offer_price }),
      ...(row.mrp_inr === undefined && mrp !== undefined && { mrp }),
    } as R;
  };
  return { ...strip(data), ...(data.sizes && { sizes: data.sizes.map(strip) }) };
}
