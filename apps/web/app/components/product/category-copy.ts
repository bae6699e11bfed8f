import { CATEGORIES, SUBCATEGORIES, type CategoryId } from "@store/shared";

export type ShopCategory = (typeof CATEGORIES)[number];
export type ShopSubcategory = (typeof SUBCATEGORIES)[number];

/** One line about each category, for its listing page, the collections page and search engines. */
export const CATEGORY_INTROS: Record<CategoryId, string> = {
  1: "Hand block printed dresses, kaftans, lehengas and co-ord sets in breathable cotton, printed by hand in Sanganer and Bagru.",
  2: "Cushion covers, table runners, curtains, rugs and bedcovers that bring Jaipur's colours and craft into your home.",
  3: "Relaxed cotton pyjama sets, kurtas and quilted jackets, block printed and stitched in small batches.",
  4: "Soft, easy cotton clothes for little ones, printed with natural-dye motifs that are gentle on skin.",
  5: "Hand block printed cotton fabric by the metre, for your own dresses, cushions and quilts.",
  6: "Bags, pouches, toiletry cases and silk sashes: small handmade pieces that travel well.",
};

/** "kaftan & robes" -> "Kaftan & Robes" */
export function titleCase(name: string): string {
  return name.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

export function subcategoriesOf(categoryId: CategoryId): ShopSubcategory[] {
  return SUBCATEGORIES.filter((s) => s.categoryId === categoryId);
}
