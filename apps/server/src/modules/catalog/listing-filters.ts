import { and, asc, desc, eq, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_SIZE,
  PRODUCT_SIZES,
  priceIn,
  type Currency,
  type ListingFacets,
  type ListingFilters,
  type ListingSort,
} from "@store/shared";
import type { Db } from "../../db/client";
import { productVariants, products } from "./tables";

/**
 * The listing's sort and filters in SQL (issue 40, point 4; decision 075). The price a card shows is size S's
 * offer price, or the cheapest offered size's when there is no S (`product-cards.ts`): sorting and filtering
 * by price use the same rule, so what the shopper sees is what was compared.
 */
export const cardPriceCents = sql<number>`coalesce(
  (select ${productVariants.offerPriceCents} from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${productVariants.offered} and ${productVariants.size} = ${DEFAULT_SIZE}),
  (select min(${productVariants.offerPriceCents}) from ${productVariants}
    where ${productVariants.productId} = ${products.id} and ${productVariants.offered}))`;

const unitsSold = sql<number>`(select coalesce(sum(${productVariants.unitsSold}), 0) from ${productVariants}
  where ${productVariants.productId} = ${products.id})`;

/** Every sort ends in the id, so pages never overlap or skip a product. */
export function listingOrderBy(sort: ListingSort | undefined, sellerOrder: "oldest_first" | "newest_first"): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(products.id)];
    case "price_asc":
      return [asc(cardPriceCents), asc(products.id)];
    case "price_desc":
      return [desc(cardPriceCents), desc(products.id)];
    case "best_selling":
      return [desc(unitsSold), asc(products.id)];
    case "rating":
      return [desc(products.rating), desc(products.reviewCount), asc(products.id)];
    default:
      return [sellerOrder === "newest_first" ? desc(products.id) : asc(products.id)];
  }
}

/**
 * The least stored USD-cent price a shopper's whole-unit amount can stand for, found by halving: `priceIn`
 * only ever rises with the cents (the INR rule rounds up and ends in 9), so "shown price >= min" is
 * "cents >= this" and the database can compare stored cents directly.
 */
function leastCentsShownAtLeast(currency: Currency, amount: number): number {
  let low = 0;
  let high = 2_000_000_000;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (priceIn(currency, mid) >= amount) high = mid;
    else low = mid + 1;
  }
  return low;
}

type Facet = "price" | "size" | "colour" | "material";

/** The filters as one condition, leaving out `except` (an option's count applies every other filter). */
export function filterCondition(filters: ListingFilters, currency: Currency, except?: Facet): SQL | undefined {
  const { min_price, max_price, size, colour, material } = filters;
  const conditions: (SQL | undefined)[] = [];
  if (except !== "price") {
    if (min_price !== undefined) conditions.push(gte(cardPriceCents, leastCentsShownAtLeast(currency, min_price)));
    if (max_price !== undefined)
      conditions.push(sql`${cardPriceCents} < ${leastCentsShownAtLeast(currency, max_price + 1)}`);
  }
  if (except !== "size" && size?.length) {
    conditions.push(sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}
      and ${productVariants.offered} and ${productVariants.stock} > 0 and ${inArray(productVariants.size, size)})`);
  }
  if (except !== "colour" && colour?.length) conditions.push(inArray(products.colour, colour));
  if (except !== "material" && material?.length) conditions.push(inArray(products.material, material));
  return and(...conditions);
}

/**
 * Each filter's options with how many products each would show, every other filter applied; options the
 * shopper chose stay listed at 0 so they can be cleared. Four grouped statements over the listing's products.
 */
export async function loadListingFacets(
  db: Db,
  base: SQL | undefined,
  filters: ListingFilters,
  currency: Currency,
): Promise<ListingFacets> {
  const where = (except: Facet) => and(base, filterCondition(filters, currency, except));
  const byValue = (column: typeof products.colour | typeof products.material, except: Facet) =>
    db
      .select({ value: column, count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(where(except), ne(column, "")))
      .groupBy(column)
      .orderBy(asc(column));
  const [sizeRows, colourRows, materialRows, [range]] = await Promise.all([
    db
      .select({ value: productVariants.size, count: sql<number>`count(distinct ${products.id})::int` })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(and(where("size"), eq(productVariants.offered, true), sql`${productVariants.stock} > 0`))
      .groupBy(productVariants.size),
    byValue(products.colour, "colour"),
    byValue(products.material, "material"),
    db
      .select({ min: sql<number | null>`min(${cardPriceCents})`, max: sql<number | null>`max(${cardPriceCents})` })
      .from(products)
      .where(where("price")),
  ]);
  const withChosen = (rows: { value: string; count: number }[], chosen: readonly string[] = []) => [
    ...rows,
    ...chosen.filter((value) => !rows.some((r) => r.value === value)).map((value) => ({ value, count: 0 })),
  ];
  const sizeOrder = (value: string) => (PRODUCT_SIZES as readonly string[]).indexOf(value);
  return {
    sizes: withChosen(sizeRows, filters.size).sort((a, b) => sizeOrder(a.value) - sizeOrder(b.value)),
    colours: withChosen(colourRows, filters.colour),
    materials: withChosen(materialRows, filters.material),
    price:
      range?.min == null || range.max == null
        ? null
        : { min: priceIn(currency, Number(range.min)), max: priceIn(currency, Number(range.max)) },
  };
}

/** The part of a cache key the sort and filters make; lists sorted so the same choice shares one entry. */
export function filtersKey(filters: ListingFilters): string {
  const list = (values?: readonly string[]) => [...new Set(values ?? [])].sort().join(",");
  const { sort, min_price, max_price, size, colour, material } = filters;
  return JSON.stringify([sort ?? "", min_price ?? "", max_price ?? "", list(size), list(colour), list(material)]);
}
