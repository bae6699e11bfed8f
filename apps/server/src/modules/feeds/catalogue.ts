import { asc, eq } from "drizzle-orm";
import { CATEGORIES, SELLER, priceIn, sizeLabel, type Currency, type FeedExclusionReason } from "@store/shared";
import type { Db } from "../../db/client";
import { sizeNameColumn } from "../catalog/size-schemes";
import { productImages, productVariants, products, subcategories } from "../catalog/tables";

/** Google allows 10 additional images an item; Meta more. Both feeds send the same ten. */
export const MAX_ADDITIONAL_IMAGES = 10;
/** Google's limits (Merchant Center product data specification), the stricter of the two channels. */
export const LIMITS = { id: 50, title: 150, description: 5000 } as const;

/**
 * Google's product taxonomy by our category, as the full English path (the specification accepts the path or
 * its number; the path is what a reader of the feed can check).
 */
const GOOGLE_CATEGORY: Record<number, string> = {
  1: "Apparel & Accessories > Clothing",
  2: "Home & Garden > Decor",
  3: "Apparel & Accessories > Clothing",
  4: "Apparel & Accessories > Clothing",
  5: "Arts & Entertainment > Hobbies & Creative Arts > Arts & Crafts > Art & Crafting Materials > Textiles > Fabric",
  6: "Apparel & Accessories > Clothing Accessories",
};

/** One size of one product, as every feed sends it: prices in the feed's currency's minor units. */
export interface FeedItem {
  id: string;
  groupId: string;
  productId: number;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** The regular price (the MRP), and the offer price when it is lower. */
  priceMinor: number;
  saleMinor: number | null;
  brand: string;
  googleCategory: string;
  productType: string;
  size: string;
  colour: string;
  shippingGrams: number;
}

export interface FeedExclusion {
  productId: number;
  productCode: number;
  name: string;
  reasons: FeedExclusionReason[];
}

export interface FeedCatalogue {
  items: FeedItem[];
  excluded: FeedExclusion[];
  /** Products with at least one item. */
  products: number;
}

// Control characters other than tab and newlines are not allowed in XML 1.0 and break CSV readers.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const clean = (text: string) => text.replace(CONTROL, "");
/**
 * One line of plain text (both channels ask for it; `markup`: tags dropped, for a description that may hold
 * HTML), cut at `max` characters on a word where it can be.
 */
export function plainText(text: string, max: number, { markup = false } = {}): string {
  const plain = (markup ? clean(text).replace(/<[^>]*>/g, " ") : clean(text)).replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A stored picture path (`/media/...`) or an absolute address, as an absolute URL under the shop's origin. */
const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;

const minorIn = (currency: Currency, usdCents: number) => priceIn(currency, usdCents) * 100;

/**
 * The catalogue as the feeds send it, in `currency`: one item per offered size of each active product that
 * has a picture and a price; the rest listed with their reasons. Prices are what the shop charges
 * (`priceIn`: rupees by the spec's rule, whole dollars rounded up).
 */
export async function loadFeedCatalogue(db: Db, origin: string, currency: Currency): Promise<FeedCatalogue> {
  const [productRows, variantRows, imageRows, subRows] = await Promise.all([
    db.select().from(products).orderBy(asc(products.id)),
    db
      .select({
        productId: productVariants.productId,
        size: productVariants.size,
        sizeName: sizeNameColumn(productVariants.size),
        offerCents: productVariants.offerPriceCents,
        mrpCents: productVariants.mrpCents,
        stock: productVariants.stock,
        offered: productVariants.offered,
      })
      .from(productVariants)
      // Joined so `sizeNameColumn` reads the product's (or its subcategory's) size scheme.
      .innerJoin(products, eq(productVariants.productId, products.id))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
    db
      .select({ productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id)),
    db.select({ id: subcategories.id, name: subcategories.name }).from(subcategories),
  ]);
  const variantsOf = groupBy(variantRows);
  const imagesOf = groupBy(imageRows);
  const subName = new Map(subRows.map((s) => [s.id, s.name]));
  const items: FeedItem[] = [];
  const excluded: FeedExclusion[] = [];
  let productCount = 0;
  for (const p of productRows) {
    const images = (imagesOf.get(p.id) ?? []).map((i) => absolute(origin, i.url));
    const offered = (variantsOf.get(p.id) ?? []).filter((v) => v.offered);
    const priced = offered.filter((v) => v.offerCents > 0);
    const reasons: FeedExclusionReason[] = [];
    if (!p.isActive) reasons.push("inactive");
    if (images.length === 0) reasons.push("no_image");
    if (offered.length === 0) reasons.push("no_size_offered");
    else if (priced.length === 0) reasons.push("no_price");
    if (reasons.length > 0) {
      excluded.push({ productId: p.id, productCode: p.productCode, name: p.name, reasons });
      continue;
    }
    productCount += 1;
    const category = CATEGORIES.find((c) => c.id === p.categoryId);
    const sub = p.subcategoryId === null ? undefined : subName.get(p.subcategoryId);
    const [imageLink = "", ...more] = images;
    for (const v of priced) {
      const offer = minorIn(currency, v.offerCents);
      const mrp = minorIn(currency, v.mrpCents);
      items.push({
        id: `${p.productCode}-${v.size}`,
        groupId: String(p.productCode),
        productId: p.id,
        title: plainText(p.name, LIMITS.title),
        description: plainText(p.description || p.name, LIMITS.description, { markup: true }),
        link: `${origin}/product/${p.id}?size=${encodeURIComponent(v.size)}`,
        imageLink,
        additionalImageLinks: more.slice(0, MAX_ADDITIONAL_IMAGES),
        inStock: v.stock > 0,
        priceMinor: Math.max(mrp, offer),
        saleMinor: offer < mrp ? offer : null,
        brand: SELLER.brand,
        googleCategory: GOOGLE_CATEGORY[p.categoryId] ?? "Home & Garden",
        productType: [category?.name, sub && sub.charAt(0).toUpperCase() + sub.slice(1)].filter(Boolean).join(" > "),
        size: v.sizeName ?? sizeLabel(v.size),
        colour: plainText(p.colour, 100),
        shippingGrams: p.shippingGrams,
      });
    }
  }
  return { items, excluded, products: productCount };
}

function groupBy<T extends { productId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.productId);
    if (list) list.push(row);
    else map.set(row.productId, [row]);
  }
  return map;
}
