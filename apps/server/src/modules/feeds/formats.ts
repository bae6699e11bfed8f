import { SELLER, decimalText, type Currency } from "@store/shared";
import { stringify } from "csv-stringify/sync";
import { create } from "xmlbuilder2";
import type { FeedItem } from "./catalogue";
import type { FeedShipping } from "./shipping";

/** Google's namespace for its product attributes in an RSS 2.0 feed. */
export const GOOGLE_NS = "http://base.google.com/ns/1.0";

/** "1299.00 INR": the number with two decimals, a space and the ISO 4217 code (both channels' price format). */
export const priceText = (minor: number, currency: Currency) => `${decimalText(minor)} ${currency}`;

export interface FeedInput {
  origin: string;
  currency: Currency;
  country: string;
  items: readonly FeedItem[];
  shipping: ReadonlyMap<number, readonly FeedShipping[]>;
}

/**
 * Google Merchant Center's RSS 2.0 feed: one `<item>` per size, its `g:` attributes from the product data
 * specification. Handmade pieces carry no GTIN or MPN, so `identifier_exists` is "no".
 */
export function googleFeedXml({ origin, currency, country, items, shipping }: FeedInput): string {
  const rss = create({ version: "1.0", encoding: "UTF-8" }).ele("rss", { version: "2.0", "xmlns:g": GOOGLE_NS });
  const channel = rss.ele("channel");
  channel.ele("title").txt(`${SELLER.brand} (${currency}, ${country})`);
  channel.ele("link").txt(`${origin}/`);
  channel.ele("description").txt(`Hand block printed garments, home decor and textiles from ${SELLER.brand}, Jaipur.`);
  for (const item of items) {
    const node = channel.ele("item");
    const g = (name: string, value: string) => node.ele(GOOGLE_NS, `g:${name}`).txt(value);
    g("id", item.id);
    g("title", item.title);
    g("description", item.description);
    g("link", item.link);
    g("image_link", item.imageLink);
    for (const url of item.additionalImageLinks) g("additional_image_link", url);
    g("availability", item.inStock ? "in_stock" : "out_of_stock");
    g("price", priceText(item.priceMinor, currency));
    if (item.saleMinor !== null) g("sale_price", priceText(item.saleMinor, currency));
    g("brand", item.brand);
    g("condition", "new");
    g("google_product_category", item.googleCategory);
    if (item.productType) g("product_type", item.productType);
    g("item_group_id", item.groupId);
    g("size", item.size);
    if (item.colour) g("color", item.colour);
    g("identifier_exists", "no");
    for (const line of shipping.get(item.productId) ?? []) {
      const ship = node.ele(GOOGLE_NS, "g:shipping");
      ship.ele(GOOGLE_NS, "g:country").txt(line.country);
      ship.ele(GOOGLE_NS, "g:service").txt(line.service);
      ship.ele(GOOGLE_NS, "g:price").txt(priceText(line.priceMinor, currency));
    }
    g("shipping_weight", `${item.shippingGrams} g`);
  }
  return rss.end({ prettyPrint: true });
}

/** Meta's catalogue columns (Commerce Manager's data feed), in the order the CSV writes them. */
export const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "google_product_category",
  "product_type",
  "item_group_id",
  "size",
  "color",
  "shipping_weight",
] as const;

/**
 * Meta's catalogue CSV: a header row of its field names, then a row per size. Availability is written with
 * a space ("in stock"), additional images comma-separated in one field; csv-stringify quotes every text
 * value and doubles the quotes inside, as Meta's feed reference asks.
 */
export function metaFeedCsv({ currency, items }: FeedInput): string {
  const rows = items.map((item) => ({
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.inStock ? "in stock" : "out of stock",
    condition: "new",
    price: priceText(item.priceMinor, currency),
    sale_price: item.saleMinor === null ? "" : priceText(item.saleMinor, currency),
    link: item.link,
    image_link: item.imageLink,
    additional_image_link: item.additionalImageLinks.join(","),
    brand: item.brand,
    google_product_category: item.googleCategory,
    product_type: item.productType,
    item_group_id: item.groupId,
    size: item.size,
    color: item.colour,
    shipping_weight: `${item.shippingGrams} g`,
  }));
  // The header row plain (Meta matches its names), the values quoted.
  const body = stringify(rows, { columns: [...META_COLUMNS], quoted_string: true, record_delimiter: "unix" });
  return `${META_COLUMNS.join(",")}\n${body}`;
}
