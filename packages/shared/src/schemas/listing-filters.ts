import { z } from "zod";
import { PRODUCT_SIZES } from "../constants";
import { LISTING_SORTS, listingParamsOf } from "../listing-sorts";

/** Colours and materials are the seller's words (a product field), so only their length is bounded. */
export const PRODUCT_ATTRIBUTE_MAX = 40;
const FILTER_VALUES_MAX = 20;

/** A GET form sends an untouched field as "": that means "not set", never zero. */
const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);
/** A repeated query key arrives as an array, a single one as a string: always a list. */
const asList = (value: unknown) => (value === undefined || value === "" ? undefined : [value].flat());

const wholeAmount = (label: string) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole amount`)
      .min(0, `${label} cannot be negative`)
      .max(100_000_000, `${label} is too large`)
      .optional(),
  );

const valueList = (label: string) =>
  z.preprocess(
    asList,
    z
      .array(z.string().trim().min(1, `${label} cannot be empty`).max(PRODUCT_ATTRIBUTE_MAX, `${label} is too long`))
      .max(FILTER_VALUES_MAX, `choose at most ${FILTER_VALUES_MAX} of ${label}`)
      .optional(),
  );

/**
 * The listing's sort and filters, as query parameters of `GET /api/get-all-products/` and of the listing
 * page's URL (the same names). Prices are whole units of the shopper's currency, as the cards show them.
 */
export const listingFiltersSchema = z.object({
  sort: z.preprocess(
    blankIsAbsent,
    z.enum(LISTING_SORTS, { error: `sort must be one of ${LISTING_SORTS.join(", ")}` }).optional(),
  ),
  min_price: wholeAmount("min_price"),
  max_price: wholeAmount("max_price"),
  /** In stock in any of these sizes. */
  size: z.preprocess(
    asList,
    z.array(z.enum(PRODUCT_SIZES, { error: `size must be one of ${PRODUCT_SIZES.join(", ")}` })).optional(),
  ),
  colour: valueList("colour"),
  material: valueList("material"),
});
export type ListingFilters = z.infer<typeof listingFiltersSchema>;

/** One option of a filter with the products it would show, the other filters applied. */
export const facetOptionSchema = z.object({ value: z.string(), count: z.number().int() });
export const listingFacetsSchema = z.object({
  sizes: z.array(facetOptionSchema),
  colours: z.array(facetOptionSchema),
  materials: z.array(facetOptionSchema),
  /** The lowest and highest card price with the other filters applied, in the shopper's currency; null: none. */
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export type ListingFacets = z.infer<typeof listingFacetsSchema>;

/**
 * A listing page's sort and filters from its URL, on the server: a value that is not valid (a hand-edited or
 * old link) is left out rather than failing the page, which then shows what the rest of the URL asks for.
 */
export function listingFiltersFromUrl(params: URLSearchParams): ListingFilters {
  const raw = listingParamsOf(params);
  const first = listingFiltersSchema.safeParse(raw);
  if (first.success) return first.data;
  const bad = new Set(first.error.issues.map((issue) => issue.path[0]));
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
  return listingFiltersSchema.safeParse(rest).data ?? {};
}
