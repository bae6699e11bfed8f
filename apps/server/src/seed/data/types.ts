import type { CATEGORIES, ProductSize, SUBCATEGORIES } from "@store/shared";
import type { Shape } from "../silhouettes";

export type CategorySegment = (typeof CATEGORIES)[number]["segment"];
export type SubcategoryName = (typeof SUBCATEGORIES)[number]["name"];

/** Decides which description fragments fit (fit and wash care for clothes, use and care for decor). */
export type ProductKind = "garment" | "kids" | "home" | "fabric" | "accessory";

/** A run of similar products: same listing, outline, sizes and price band. */
export interface ProductGroup {
  category: CategorySegment;
  /** null for categories without subcategories (kids, fabric) and for men's kurtas and shirts. */
  subcategory: SubcategoryName | null;
  kind: ProductKind;
  shape: Shape;
  /** Always starts with "S": the product page opens on size S. */
  sizes: readonly ProductSize[];
  /** Offer price of size S in whole US dollars, [lowest, highest]. */
  price: readonly [number, number];
  /** Dollars added for each size up. */
  step: number;
  names: readonly string[];
}
