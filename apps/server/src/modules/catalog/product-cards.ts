import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_SIZE, priceIn, type Currency, type ProductListItem } from "@store/shared";
import type { Db } from "../../db/client";
import { productImages, productVariants, products } from "./tables";

/**
 * Product grid cards for the given ids, in the order of `ids` (listing, related products, top sellers
 * and search all pick ids first, cheaply, then load cards for one page only).
 *
 * A card shows the price of the default size S (the product page opens on S); a product without S shows
 * its cheapest size. A product with no size at all cannot be bought and gets no card.
 */
export async function loadProductCards(db: Db, ids: readonly number[], currency: Currency): Promise<ProductListItem[]> {
  if (ids.length === 0) return [];
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

  const rows = await db
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
    .where(inArray(products.id, [...ids]));

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
