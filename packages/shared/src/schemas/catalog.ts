import { z } from "zod";
import { PRODUCT_SIZES } from "../constants";
import { currencySchema, idParam, pageMeta, paginationQuery } from "./common";
import { INT32_MAX, searchText } from "./input-rules";
import { listingFacetsSchema, listingFiltersSchema } from "./listing-filters";
import { sizeChartSchema } from "./size-schemes";

export const subcategorySchema = z.object({ id: z.number().int(), name: z.string() });

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The lowercase, decoded URL segment (spec: '/:category'). */
  slug: z.string(),
  subcategories: z.array(subcategorySchema),
});

/** `GET /api/get-all-category-list/` */
export const categoryListResponseSchema = z.object({ categories: z.array(categorySchema) });

/**
 * A product in a grid (spec: "Product list item"). Prices are in major units of `currency`
 * (whole dollars, or rupees by the INR rule), for the product's default size S.
 */
export const productListItemSchema = z.object({
  id: z.number().int(),
  product_code: z.number().int(),
  product_name: z.string(),
  main_image: z.string(),
  offer_price: z.number(),
  mrp: z.number(),
  rating: z.number(),
  review_count: z.number().int(),
  description: z.string(),
  top_selling: z.boolean(),
  is_active: z.boolean(),
  category_pk: z.number().int(),
  currency: currencySchema,
});

/**
 * `GET /api/get-all-products/?category_pk&sub_category_pk&page&page_size&currency`, and our sort and
 * filters (`sort`, `min_price`, `max_price`, `size`, `colour`, `material`; issue 40).
 */
export const productListQuerySchema = paginationQuery.extend({
  category_pk: idParam,
  /** An unknown subcategory means no subcategory filter (spec). */
  sub_category_pk: z.coerce.number().int().min(1).max(INT32_MAX).optional().catch(undefined),
  ...listingFiltersSchema.shape,
});
export const productListResponseSchema = pageMeta.extend({
  data: z.array(productListItemSchema),
  /** Our addition: each filter's options with their counts, for the filter panel. */
  facets: listingFacetsSchema,
});

/** `GET /api/product/get-top-selling-product/` */
export const topSellingQuerySchema = z.object({ currency: currencySchema.default("USD") });
export const topSellingResponseSchema = z.object({ data: z.array(productListItemSchema) });

export const productSizeSchema = z.enum(PRODUCT_SIZES, { error: `size must be one of ${PRODUCT_SIZES.join(", ")}` });

/** `GET /api/get-product-detail/?product_pk&size&currency` */
export const productDetailQuerySchema = z.object({
  product_pk: idParam,
  size: productSizeSchema.default("S"),
  currency: currencySchema.default("USD"),
});

export const sizeOptionSchema = z.object({
  size: productSizeSchema,
  /** The name shoppers read (issue 40): the size scheme's ("Double", "40 x 40 cm"), else the code. */
  size_name: z.string(),
  offer_price: z.number(),
  mrp: z.number(),
  stock: z.number().int(),
});

export const productDetailSchema = z.object({
  id: z.number().int(),
  product_code: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The seller's title and meta description for search engines; "" when not set (name and description serve). */
  seo_title: z.string(),
  seo_description: z.string(),
  /** The chosen size and its prices and stock. */
  size: productSizeSchema,
  offer_price: z.number(),
  mrp: z.number(),
  stock: z.number().int(),
  /** The chosen size's name (see `sizes`). */
  size_name: z.string(),
  sizes: z.array(sizeOptionSchema),
  /** The measurements of each size (cm), when the seller gave a chart for this kind of piece. */
  size_chart: sizeChartSchema.nullable(),
  main_image: z.string(),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  rating: z.number(),
  review_count: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  subcategory: subcategorySchema.nullable(),
  /**
   * Made to order (decision 099): the days to make a piece, what to write with it (the prompt; "" asks
   * nothing), whether notes must be written and whether the piece may be returned; null: a stocked piece.
   */
  made_to_order: z
    .object({ days: z.number().int(), prompt: z.string(), notes_required: z.boolean(), returnable: z.boolean() })
    .nullable(),
  currency: currencySchema,
});

export const productDetailResponseSchema = z.object({
  data: productDetailSchema,
  /** Same category, never the same product_code. */
  related_product: z.array(productListItemSchema),
});

/** `GET /api/product/product-category/`: the home page's shop-by-category strip. */
export const homeCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  media: z.string(),
  navigate_link: z.string(),
});
export const homeCategoryResponseSchema = z.object({ data: z.array(homeCategorySchema) });

/** `GET /api/search?query&page&page_size&currency` */
export const searchQuerySchema = paginationQuery.extend({
  query: searchText("query", 200),
});
export const searchResponseSchema = pageMeta.extend({
  data: z.array(productListItemSchema),
  /** Our addition: true when matches go on past `total` (counting stops at 1000; the page says "1,000+"). */
  total_is_capped: z.boolean(),
});

export type Category = z.infer<typeof categorySchema>;
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;
export type ProductListItem = z.infer<typeof productListItemSchema>;
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type ProductListResponse = z.infer<typeof productListResponseSchema>;
export type ProductDetail = z.infer<typeof productDetailSchema>;
export type ProductDetailQuery = z.infer<typeof productDetailQuerySchema>;
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;
export type TopSellingQuery = z.infer<typeof topSellingQuerySchema>;
export type TopSellingResponse = z.infer<typeof topSellingResponseSchema>;
export type HomeCategoryResponse = z.infer<typeof homeCategoryResponseSchema>;
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** How many of each kind the search overlay suggests while the shopper types (issue 40, point 5). */
export const SUGGESTED_PRODUCTS = 5;
export const SUGGESTED_CATEGORIES = 3;

/** `GET /api/search/suggestions?query&currency`: ours, the overlay's suggestions while typing. */
export const searchSuggestionsQuerySchema = z.object({
  query: searchText("query", 100).refine((text) => text.trim().length > 0, "query is required"),
  currency: currencySchema.default("USD"),
});
export const searchSuggestionsResponseSchema = z.object({
  /** The best matches of the same search as /search (typos tolerated). */
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      main_image: z.string(),
      offer_price: z.number(),
      currency: currencySchema,
    }),
  ),
  /** Categories and subcategories whose names match, with their listing's path. */
  categories: z.array(z.object({ name: z.string(), path: z.string() })),
});
export type SearchSuggestionsQuery = z.infer<typeof searchSuggestionsQuerySchema>;
export type SearchSuggestionsResponse = z.infer<typeof searchSuggestionsResponseSchema>;
