import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  sizeName,
  DEFAULT_SIZE,
  HOME_STRIP_NAMES,
  PRODUCT_SIZES,
  priceIn,
  type CategoryListResponse,
  type Currency,
  type HomeCategoryResponse,
  type ProductDetailQuery,
  type ProductDetailResponse,
  type ProductListQuery,
  type ProductListResponse,
  type ProductSize,
  type TopSellingQuery,
  type TopSellingResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { createCatalogCache } from "./cache";
import { filterCondition, filtersKey, listingOrderBy, loadListingFacets } from "./listing-filters";
import { loadProductCards } from "./product-cards";
import { productSizeScheme } from "./size-schemes";
import { readCatalogueSettings } from "./settings";
import { categories, homeCategories, productImages, productVariants, products, subcategories } from "./tables";

/** The product page shows up to this many related products (spec: same category, other product_code). */
export const RELATED_LIMIT = 8;
/** The home page's popular grid is one screenful; the cap keeps the payload bounded as the catalogue grows. */
export const TOP_SELLING_LIMIT = 24;

const isProductSize = (size: string): size is ProductSize => (PRODUCT_SIZES as readonly string[]).includes(size);

export function createCatalogService(db: Db) {
  const cache = createCatalogCache();

  /** The navigation's categories, each with its subcategories (spec: `categories[]`). */
  function categoryList(): Promise<CategoryListResponse> {
    return cache.get("categories", async () => {
      const [cats, subs] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
        db.select().from(subcategories).orderBy(asc(subcategories.position), asc(subcategories.id)),
      ]);
      return {
        categories: cats.map((c) => ({
          id: c.id,
          name: c.name,
          slug: c.slug,
          subcategories: subs.filter((s) => s.categoryId === c.id).map((s) => ({ id: s.id, name: s.name })),
        })),
      };
    });
  }

  /** The seller's listing order, cached with the rest of the catalogue (a change marks the cache stale). */
  const listingOrder = () => cache.get("settings", () => readCatalogueSettings(db)).then((s) => s.listing_order);

  /**
   * One page of a category's active products, in the seller's chosen order (oldest or newest first, by id:
   * stable across pages; the listing indexes end in id, so either direction reads straight off them) or the
   * shopper's sort, narrowed by the shopper's filters (`listing-filters.ts`), with each filter's options and
   * counts. A subcategory narrows the list only when it belongs to that category; any other value means no
   * filter (spec).
   */
  async function listProducts(query: ProductListQuery): Promise<ProductListResponse> {
    const { category_pk, sub_category_pk, page, page_size, currency, ...filters } = query;
    const category = (await categoryList()).categories.find((c) => c.id === category_pk);
    if (!category) throw new AppError("not_found", "Category not found");
    const subcategoryId = category.subcategories.some((s) => s.id === sub_category_pk) ? sub_category_pk : undefined;

    const order = await listingOrder();
    // Keyed on the query as it is answered: a foreign subcategory shares the unfiltered entry.
    const listing = `${category.id}:${subcategoryId ?? ""}:${currency}:${filtersKey(filters)}`;
    const base = and(
      eq(products.isActive, true),
      eq(products.categoryId, category.id),
      subcategoryId === undefined ? undefined : eq(products.subcategoryId, subcategoryId),
    );
    // The options and counts do not change from page to page: one entry serves every "Explore More".
    const facets = cache.get(`facets:${listing}`, () => loadListingFacets(db, base, filters, currency));
    return cache.get(`list:${listing}:${page}:${page_size}:${order}`, async () => {
      const where = and(base, filterCondition(filters, currency));
      const [idRows, [totalRow]] = await Promise.all([
        db
          .select({ id: products.id })
          .from(products)
          .where(where)
          .orderBy(...listingOrderBy(filters.sort, order))
          .limit(page_size)
          .offset((page - 1) * page_size),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const data = await loadProductCards(
        db,
        idRows.map((r) => r.id),
        currency,
      );
      return { data, total: totalRow?.n ?? 0, page, page_size, currency, facets: await facets };
    });
  }

  /**
   * Up to RELATED_LIMIT other products of the category, same subcategory first, each group by id. Two
   * queries that each walk an index and stop early, rather than one that sorts the whole category.
   */
  async function relatedIds(p: {
    categoryId: number;
    subcategoryId: number | null;
    productCode: number;
  }): Promise<number[]> {
    const others = and(
      eq(products.isActive, true),
      eq(products.categoryId, p.categoryId),
      ne(products.productCode, p.productCode),
    );
    const sameSubcategory =
      p.subcategoryId === null ? isNull(products.subcategoryId) : eq(products.subcategoryId, p.subcategoryId);
    const closest = await db
      .select({ id: products.id })
      .from(products)
      .where(and(others, sameSubcategory))
      .orderBy(asc(products.id))
      .limit(RELATED_LIMIT);
    if (closest.length === RELATED_LIMIT) return closest.map((r) => r.id);
    const rest = await db
      .select({ id: products.id })
      .from(products)
      .where(and(others, sql`${products.subcategoryId} is distinct from ${p.subcategoryId}`))
      .orderBy(asc(products.id))
      .limit(RELATED_LIMIT - closest.length);
    return [...closest, ...rest].map((r) => r.id);
  }

  /** A product in the chosen size, every size with its prices and stock, and related products. */
  function productDetail(query: ProductDetailQuery): Promise<ProductDetailResponse> {
    const { product_pk, size, currency } = query;
    return cache.get(`detail:${product_pk}:${size}:${currency}`, () => loadProductDetail(product_pk, size, currency));
  }

  async function loadProductDetail(
    product_pk: number,
    size: ProductSize,
    currency: Currency,
  ): Promise<ProductDetailResponse> {
    const [p] = await db
      .select({
        id: products.id,
        productCode: products.productCode,
        name: products.name,
        description: products.description,
        seoTitle: products.seoTitle,
        seoDescription: products.seoDescription,
        madeToOrderDays: products.madeToOrderDays,
        madeToOrderPrompt: products.madeToOrderPrompt,
        madeToOrderNotesRequired: products.madeToOrderNotesRequired,
        madeToOrderReturnable: products.madeToOrderReturnable,
        rating: products.rating,
        reviewCount: products.reviewCount,
        categoryId: products.categoryId,
        subcategoryId: products.subcategoryId,
        category: { id: categories.id, name: categories.name, slug: categories.slug },
        subcategory: { id: subcategories.id, name: subcategories.name },
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(and(eq(products.id, product_pk), eq(products.isActive, true)));
    if (!p) throw new AppError("not_found", "Product not found");

    const [variants, images, related, scheme] = await Promise.all([
      db
        .select()
        .from(productVariants)
        // A retired size is no longer sold, so the shop does not offer it.
        .where(and(eq(productVariants.productId, p.id), eq(productVariants.offered, true)))
        .orderBy(asc(productVariants.position), asc(productVariants.id)),
      db
        .select({ url: productImages.url, alt: productImages.alt })
        .from(productImages)
        .where(eq(productImages.productId, p.id))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      relatedIds(p),
      productSizeScheme(db, p.id),
    ]);

    const sizes = variants.flatMap((v) =>
      isProductSize(v.size)
        ? [
            {
              size: v.size,
              size_name: sizeName(v.size, scheme.names[v.size]),
              offer_price: priceIn(currency, v.offerPriceCents),
              mrp: priceIn(currency, v.mrpCents),
              stock: v.stock,
            },
          ]
        : [],
    );
    // The page opens on the default size S; a product without S (one size only) opens on its first size.
    const chosen = sizes.find((s) => s.size === size) ?? (size === DEFAULT_SIZE ? sizes[0] : undefined);
    // 404 rather than 422: the product in that size is a thing that does not exist, like an unknown id.
    if (!chosen) throw new AppError("not_found", `This product is not available in size ${size}`, "SIZE_NOT_AVAILABLE");

    return {
      data: {
        id: p.id,
        product_code: p.productCode,
        name: p.name,
        description: p.description,
        seo_title: p.seoTitle,
        seo_description: p.seoDescription,
        ...chosen,
        sizes,
        size_chart: scheme.chart,
        main_image: images[0]?.url ?? "",
        images,
        rating: p.rating,
        review_count: p.reviewCount,
        category: p.category,
        subcategory: p.subcategory,
        made_to_order:
          p.madeToOrderDays === null
            ? null
            : {
                days: p.madeToOrderDays,
                prompt: p.madeToOrderPrompt,
                notes_required: p.madeToOrderNotesRequired,
                returnable: p.madeToOrderReturnable,
              },
        currency,
      },
      related_product: await loadProductCards(db, related, currency),
    };
  }

  /** The home page's popular products: top_selling and is_active both true (spec). */
  function topSelling(query: TopSellingQuery): Promise<TopSellingResponse> {
    return cache.get(`top-selling:${query.currency}`, async () => {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.isActive, true), eq(products.topSelling, true)))
        .orderBy(asc(products.id))
        .limit(TOP_SELLING_LIMIT);
      return {
        data: await loadProductCards(
          db,
          rows.map((r) => r.id),
          query.currency,
        ),
      };
    });
  }

  /** The shop-by-category strip: only the spec's names, so a stray row never shows, and only shown tiles. */
  function homeStrip(): Promise<HomeCategoryResponse> {
    return cache.get("home-strip", async () => {
      const rows = await db
        .select()
        .from(homeCategories)
        .where(and(inArray(homeCategories.name, [...HOME_STRIP_NAMES]), eq(homeCategories.isShown, true)))
        .orderBy(asc(homeCategories.position), asc(homeCategories.id));
      return { data: rows.map((r) => ({ id: r.id, name: r.name, media: r.media, navigate_link: r.navigateLink })) };
    });
  }

  return { categoryList, listProducts, productDetail, topSelling, homeStrip };
}
