/** Business constants and timings of spec section 9, typed once and imported everywhere. */
export const INR_PER_USD = 33.6;
/** The same rate as an exact ratio, so money maths stays in integers (33.6 = 336 / 10). */
export const INR_PER_USD_RATIO = { numerator: 336, denominator: 10 } as const;

export const CURRENCIES = ["INR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "USD";

export const COD_SHIPPING_FEE_INR = 39;

export const INDIA_BOX = { latMin: 8, latMax: 37, lonMin: 68, lonMax: 97 } as const;

export const TIMINGS_MS = {
  testimonialRotation: 3000,
  testimonialFade: 300,
  noticeAutoClose: 3000,
  formMessageTimeout: 5000,
  productDetailDebounce: 1000,
} as const;

export const SKELETON_COUNTS = { popularProducts: 8, category: 20, search: 12 } as const;
export const PAGE_SIZE = 12;
export const RATING_MAX = 5;
export const NUMERIC_INPUT_DEFAULT_WIDTH = 90;

/** ONE is "one size": a product sold in a single size (a cushion cover, a stole). Last, so the positions stored for S to XL stay. */
export const PRODUCT_SIZES = ["S", "M", "L", "XL", "ONE"] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];
export const DEFAULT_SIZE: ProductSize = "S";
/** How a size reads to people: the codes, except ONE, which reads "One size". */
export const sizeLabel = (size: string): string => (size === "ONE" ? "One size" : size);
/** "Size M" / "size M", or "One size" / "one size", for a sentence. */
export const sizePhrase = (size: string, capital = true): string =>
  size === "ONE" ? (capital ? "One size" : "one size") : `${capital ? "Size" : "size"} ${size}`;

/**
 * The spec's shipping times in business days: the policy pages' text and the delivery promise's fallback. Here,
 * not in policy-terms.ts: the checkout's and order pages' shipping methods count with them.
 */
export const SHIPPING_DAYS = {
  indiaNormal: { earliest: 7, latest: 10 },
  indiaExpress: { earliest: 4, latest: 5 },
  internationalStandard: { earliest: 10, latest: 30 },
  internationalExpress: { earliest: 4, latest: 8 },
} as const;
