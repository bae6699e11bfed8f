import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  DEFAULT_SIZE,
  PRODUCT_SIZES,
  priceIn,
  type Currency,
  type ProductListItem,
  type ProductSize,
} from "@store/shared";
import type { Db } from "../../db/client";
import { productImages, productVariants, products } from "./tables";

/**
 * The cards' statement, built once per database: every search, listing and strip loads cards, so drizzle
 * should not build its text anew each time; the database also plans it once per session (a named statement;
 * decision 055, db/README.md).
 */
function cardQuery(db: Db) {
  const listVariant = db
    .select({ offerCents: productVariants.offerPriceCents, mrpCents: productVariants.mrpCents })
    .from(productVariants)
    .where(and(eq(productVariants.productId, products.id), eq(productVariants.offered, true)))
    .orderBy(
      sql`${productVariants.size} = ${DEFAULT_SIZE} desc`,
      asc(productVariants.offerPriceCents),
      asc(productVariants.id),
    )
    .limit(1)
    .as("list_variant");
  const mainImage = db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, products.id))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .limit(1)
    .as("main_image");
  return db
    .select({
      id: products.id,
      productCode: products.productCode,
      name: products.name,
      description: products.description,
      rating: products.rating,
      reviewCount: products.reviewCount,
      topSelling: products.topSelling,
      isActive: products.isActive,
      categoryId: products.categoryId,
      offerCents: listVariant.offerCents,
      mrpCents: listVariant.mrpCents,
      image: mainImage.url,
    })
    .from(products)
    .innerJoinLateral(listVariant, sql`true`)
    .leftJoinLateral(mainImage, sql`true`)
    .where(sql`${products.id} = any(${sql.placeholder("ids")})`)
    .prepare("product_cards");
}
const cardQueries = new WeakMap<Db, ReturnType<typeof cardQuery>>();

/**
 * Product grid cards for the given ids, in the order of `ids` (listing, related products, top sellers
 * and search all pick ids first, cheaply, then load cards for one page only).
 *
 * A card shows the price of the default size S (the product page opens on S); a product without S shows
 * its cheapest size. A product with no size at all cannot be bought and gets no card.
 */
export async function loadProductCards(db: Db, ids: readonly number[], currency: Currency): Promise<ProductListItem[]> {
  if (ids.length === 0) return [];
  let query = cardQueries.get(db);
  if (!query) cardQueries.set(db, (query = cardQuery(db)));
  const rows = await query.execute({ ids: [...ids] });

  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        product_code: r.productCode,
        product_name: r.name,
        main_image: r.image ?? "",
        offer_price: priceIn(currency, r.offerCents),
        mrp: priceIn(currency, r.mrpCents),
        rating: r.rating,
        review_count: r.reviewCount,
        description: r.description,
        top_selling: r.topSelling,
        is_active: r.isActive,
        category_pk: r.categoryId,
        currency,
      },
    ];
  });
}

/** Every size each product is offered in, in the product page's order, with its prices and stock. */
export async function loadOfferedSizes(
  db: Db,
  ids: readonly number[],
  currency: Currency,
): Promise<Map<number, { size: ProductSize; offer_price: number; mrp: number; stock: number }[]>> {
  const bySize = new Map<number, { size: ProductSize; offer_price: number; mrp: number; stock: number }[]>();
  if (ids.length === 0) return bySize;
  const rows = await db
    .select()
    .from(productVariants)
    .where(and(inArray(productVariants.productId, [...ids]), eq(productVariants.offered, true)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const v of rows) {
    if (!isProductSize(v.size)) continue;
    const sizes = bySize.get(v.productId) ?? [];
    sizes.push({
      size: v.size,
      offer_price: priceIn(currency, v.offerPriceCents),
      mrp: priceIn(currency, v.mrpCents),
      stock: v.stock,
    });
    bySize.set(v.productId, sizes);
  }
  return bySize;
}

const isProductSize = (size: string): size is ProductSize => (PRODUCT_SIZES as readonly string[]).includes(size);
