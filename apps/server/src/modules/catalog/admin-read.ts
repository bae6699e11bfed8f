import { and, asc, count, desc, eq, exists, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_SIZE,
  inrFromUsdCents,
  LOW_STOCK_THRESHOLD,
  PRODUCT_MEDIA_FIELDS,
  type AdminProduct,
  type DashboardResponse,
  type AdminProductListItem,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type ProductMediaField,
  toMajorUnits,
} from "@store/shared";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/client";
import { categories, productImages, productVariants, products, subcategories, taxRules } from "./tables";

const defaultRule = alias(taxRules, "default_rule");

/** Catalogue prices are stored as cents; the back office shows dollars with cents. */
export const dollars = toMajorUnits;

type VariantRow = typeof productVariants.$inferSelect;
const byPosition = (a: VariantRow, b: VariantRow) => a.position - b.position || a.id - b.id;

/** The price a card shows: size S, else the cheapest size (as the shop's product cards do). */
function listVariant(variants: readonly VariantRow[]): VariantRow | undefined {
  return (
    variants.find((v) => v.size === DEFAULT_SIZE) ??
    [...variants].sort((a, b) => a.offerPriceCents - b.offerPriceCents || a.id - b.id)[0]
  );
}

/** Image URLs by form slot: the product's images in position order fill main_image, second_media, ... */
export function mediaSlots(urls: readonly string[]): Record<ProductMediaField, string | null> {
  return Object.fromEntries(PRODUCT_MEDIA_FIELDS.map((field, i) => [field, urls[i] ?? null])) as Record<
    ProductMediaField,
    string | null
  >;
}

/** One product as the back office edits it (active or not); undefined when there is no such product. */
export async function loadAdminProduct(db: Db | Tx, id: number): Promise<AdminProduct | undefined> {
  const [row] = await db
    .select({
      product: products,
      categoryName: categories.name,
      subcategoryName: subcategories.name,
      taxRuleName: taxRules.name,
      defaultHsn: subcategories.hsnCode,
      defaultRuleId: subcategories.taxRuleId,
      defaultRuleName: defaultRule.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .leftJoin(taxRules, eq(taxRules.id, products.taxRuleId))
    .leftJoin(defaultRule, eq(defaultRule.id, subcategories.taxRuleId))
    .where(eq(products.id, id));
  if (!row) return undefined;
  const [variants, images] = await Promise.all([
    db.select().from(productVariants).where(eq(productVariants.productId, id)),
    db
      .select({ url: productImages.url, alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
  ]);
  const p = row.product;
  return {
    id: p.id,
    product_code: p.productCode,
    product_name: p.name,
    category: p.categoryId,
    category_name: row.categoryName,
    subcategory: p.subcategoryId,
    subcategory_name: row.subcategoryName,
    description: p.description,
    is_active: p.isActive,
    new_arrival: p.newArrival,
    top_selling: p.topSelling,
    rating: p.rating,
    review_count: p.reviewCount,
    remarks: p.remarks,
    colour: p.colour,
    material: p.material,
    shipping_grams: p.shippingGrams,
    package_length_cm: p.packageLengthCm,
    package_width_cm: p.packageWidthCm,
    package_height_cm: p.packageHeightCm,
    handling_inr: p.handlingPaise / 100,
    handling_usd: p.handlingCents / 100,
    made_to_order_days: p.madeToOrderDays,
    made_to_order_prompt: p.madeToOrderPrompt,
    made_to_order_notes_required: p.madeToOrderNotesRequired,
    made_to_order_returnable: p.madeToOrderReturnable,
    ...mediaSlots(images.map((i) => i.url)),
    images,
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    hsn_code: p.hsnCode,
    tax_rule_id: p.taxRuleId,
    tax_rule_name: row.taxRuleName,
    default_hsn_code: row.defaultHsn,
    default_tax_rule_id: row.defaultRuleId,
    default_tax_rule_name: row.defaultRuleName,
    sizes: variants.sort(byPosition).map((v) => ({
      size: v.size,
      offer_price: dollars(v.offerPriceCents),
      mrp: dollars(v.mrpCents),
      quantity: v.stock,
      offered: v.offered,
      offer_price_inr: inrFromUsdCents(v.offerPriceCents),
      mrp_inr: inrFromUsdCents(v.mrpCents),
    })),
    price_entry_currency: p.priceEntryCurrency,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** LIKE treats % and _ as wildcards; a seller searching for "50%" means the character. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

function listFilter(query: AdminProductListQuery): SQL | undefined {
  const text = query.query?.trim();
  const code = text && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
  return and(
    text
      ? or(ilike(products.name, likePattern(text)), code === undefined ? undefined : eq(products.productCode, code))
      : undefined,
    query.category_pk === undefined ? undefined : eq(products.categoryId, query.category_pk),
    query.is_active === undefined ? undefined : eq(products.isActive, query.is_active),
    query.low_stock ? lowStockProduct : undefined,
  );
}

/** The one meaning of "low stock": a size still offered, of an active product, with few pieces left. */
const lowStockSize = and(
  eq(products.isActive, true),
  eq(productVariants.offered, true),
  lte(productVariants.stock, LOW_STOCK_THRESHOLD),
);
const lowStockProduct = exists(
  sql`(select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${lowStockSize})`,
);

/** `GET /api/admin/products`: newest first, inactive products included, searchable by name or code. */
export async function listAdminProducts(db: Db, query: AdminProductListQuery): Promise<AdminProductListResponse> {
  const where = listFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(products).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [variants, images] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(productVariants).where(inArray(productVariants.productId, ids)),
          db
            .selectDistinctOn([productImages.productId], { productId: productImages.productId, url: productImages.url })
            .from(productImages)
            .where(inArray(productImages.productId, ids))
            .orderBy(productImages.productId, asc(productImages.position), asc(productImages.id)),
        ]);
  const data = rows.map((p): AdminProductListItem => {
    const own = variants.filter((v) => v.productId === p.id && v.offered).sort(byPosition);
    const shown = listVariant(own);
    return {
      id: p.id,
      product_code: p.productCode,
      product_name: p.name,
      category: p.categoryId,
      subcategory: p.subcategoryId,
      is_active: p.isActive,
      new_arrival: p.newArrival,
      top_selling: p.topSelling,
      main_image: images.find((i) => i.productId === p.id)?.url ?? null,
      offer_price: shown ? dollars(shown.offerPriceCents) : null,
      mrp: shown ? dollars(shown.mrpCents) : null,
      stock: own.reduce((sum, v) => sum + v.stock, 0),
      sizes: own.map((v) => v.size),
      hsn_code: p.hsnCode,
      tax_rule_id: p.taxRuleId,
      updated_at: p.updatedAt.toISOString(),
    };
  });
  return { data, total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/** The dashboard lists at most this many low-stock sizes, fewest pieces first. */
export const LOW_STOCK_LIMIT = 100;

/** Sizes still offered, of active products, with at most LOW_STOCK_THRESHOLD pieces left, fewest first. */
export function lowStock(db: Db): Promise<DashboardResponse["low_stock"]> {
  return db
    .select({
      product_id: products.id,
      product_code: products.productCode,
      product_name: products.name,
      size: productVariants.size,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lowStockSize)
    .orderBy(asc(productVariants.stock), asc(products.id), asc(productVariants.position))
    .limit(LOW_STOCK_LIMIT);
}
