/**
 * Turns the product data files into complete, deterministic product rows (codes, descriptions,
 * prices, stock, images). Each product draws from its own PRNG seeded by its name, so adding a
 * product never changes the prices or reviews of the others.
 */
import { CATEGORIES, SUBCATEGORIES, type ProductSize } from "@store/shared";
import { productArt, type ProductArt } from "./artwork";
import { colourOf, materialOf } from "./data/attributes";
import { shippingOf } from "./data/shipping";
import { CARE, CLOSINGS, OPENERS, TECHNIQUES } from "./data/descriptions";
import { INACTIVE_NAMES, TOP_SELLING_NAMES } from "./data/highlights";
import { WOMEN_PRODUCTS } from "./data/products-women";
import { HOME_PRODUCTS } from "./data/products-home";
import { ACCESSORY_PRODUCTS, FABRIC_PRODUCTS, KIDS_PRODUCTS, MEN_PRODUCTS } from "./data/products-more";
import type { ProductGroup } from "./data/types";
import { createRng, hashString, type Rng } from "./random";

export const FIRST_PRODUCT_CODE = 1001;
const IMAGE_VIEWS = ["full view", "print close-up", "detail view"] as const;

export interface VariantSeed {
  size: ProductSize;
  offerPriceCents: number;
  mrpCents: number;
  stock: number;
  position: number;
  /** A demo sales history for the "best selling" sort, from the name (no draw of the product's PRNG). */
  unitsSold: number;
}

export interface ImageSeed {
  url: string;
  alt: string;
  position: number;
  view: 1 | 2 | 3;
}

export interface ProductSeed extends ReturnType<typeof shippingOf> {
  productCode: number;
  name: string;
  description: string;
  categoryId: number;
  subcategoryId: number | null;
  categoryTerms: string;
  colour: string;
  material: string;
  /** What kind of piece: the seeded reviews of a garment talk about its fit. */
  kind: ProductGroup["kind"];
  isActive: boolean;
  newArrival: boolean;
  topSelling: boolean;
  remarks: string;
  variants: VariantSeed[];
  images: ImageSeed[];
  art: ProductArt;
}

/** Order matters: product codes follow it, and tests rely on stable codes. */
const GROUPS: readonly ProductGroup[] = [
  ...WOMEN_PRODUCTS,
  ...HOME_PRODUCTS,
  ...MEN_PRODUCTS,
  ...KIDS_PRODUCTS,
  ...FABRIC_PRODUCTS,
  ...ACCESSORY_PRODUCTS,
];

export function productImageUrl(productCode: number, n: number): string {
  return `/media/products/${productCode}-${n}.webp`;
}

function describe(name: string, group: ProductGroup, rng: Rng): string {
  const plural = /(pants|trousers|culottes|napkins)$/i.test(name);
  const sentences = [
    rng
      .pick(OPENERS[group.kind])
      .replace("{name}", name)
      .replace("{is}", plural ? "are" : "is"),
  ];
  sentences.push(
    ...TECHNIQUES.filter(([pattern]) => pattern.test(name))
      .slice(0, 2)
      .map(([, text]) => text),
  );
  const careKind = /rug|carpet|mat\b|pouf|ottoman/i.test(name)
    ? "floor"
    : /wood|panel/i.test(name)
      ? "wood"
      : group.kind;
  sentences.push(rng.pick(CARE[careKind]));
  if (sentences.length < 4 && rng.chance(0.6)) sentences.push(rng.pick(CLOSINGS));
  return sentences.join(" ");
}

/**
 * The draws the seeded rating and review count once took (ratings now come from the review rows): kept, so
 * every later draw, and with it each product's prices, stock and flags, stays as tests and screenshots know it.
 */
function skipOldRatingDraws(rng: Rng, topSelling: boolean): void {
  if (topSelling || !rng.chance(0.15)) rng.pick(topSelling ? [0, 0, 0] : [0, 0, 0, 0, 0, 0, 0, 0]);
  else rng.pick([0, 0, 0, 0, 0]);
  rng.int(topSelling ? 60 : 2, 240);
}

function variants(group: ProductGroup, rng: Rng, name: string, topSelling: boolean): VariantSeed[] {
  const base = rng.int(group.price[0], group.price[1]);
  const markup = rng.range(1.25, 1.6);
  return group.sizes.map((size, position) => {
    const offer = base + group.step * position;
    const mrp = Math.max(offer + 1, Math.round(offer * markup));
    // Size S always has stock: the product page opens on S, so demos and e2e tests can add it to the cart.
    const stock = position > 0 && rng.chance(0.07) ? 0 : rng.int(position === 0 ? 8 : 2, 40);
    const unitsSold = (hashString(`${name} ${size}`) % 25) + (topSelling ? 40 : 0);
    return { size, offerPriceCents: offer * 100, mrpCents: mrp * 100, stock, position, unitsSold };
  });
}

function categoryIdOf(group: ProductGroup): { categoryId: number; subcategoryId: number | null; terms: string } {
  const category = CATEGORIES.find((c) => c.segment === group.category);
  if (!category) throw new Error(`Unknown category segment ${group.category}`);
  if (group.subcategory === null) return { categoryId: category.id, subcategoryId: null, terms: category.name };
  const sub = SUBCATEGORIES.find((s) => s.name === group.subcategory && s.categoryId === category.id);
  if (!sub) throw new Error(`Subcategory ${group.subcategory} is not under ${group.category}`);
  return { categoryId: category.id, subcategoryId: sub.id, terms: `${category.name} ${sub.name}` };
}

function build(): ProductSeed[] {
  const topSelling = new Set(TOP_SELLING_NAMES);
  const inactive = new Set(INACTIVE_NAMES);
  const seen = new Set<string>();
  const products: ProductSeed[] = [];
  for (const group of GROUPS) {
    const { categoryId, subcategoryId, terms } = categoryIdOf(group);
    if (group.sizes[0] !== "S" || group.sizes.length < 2)
      throw new Error(`Sizes of ${group.subcategory ?? group.category} must start with S`);
    for (const name of group.names) {
      if (seen.has(name)) throw new Error(`Duplicate product name: ${name}`);
      seen.add(name);
      const rng = createRng(hashString(name));
      const productCode = FIRST_PRODUCT_CODE + products.length;
      const isTop = topSelling.has(name);
      const description = describe(name, group, rng);
      skipOldRatingDraws(rng, isTop);
      products.push({
        productCode,
        name,
        description,
        categoryId,
        subcategoryId,
        categoryTerms: terms,
        colour: colourOf(name),
        material: materialOf(name),
        ...shippingOf(group.subcategory),
        kind: group.kind,
        isActive: !inactive.has(name),
        newArrival: rng.chance(0.3),
        topSelling: isTop,
        remarks: "",
        variants: variants(group, rng, name, isTop),
        images: IMAGE_VIEWS.map((view, i) => ({
          url: productImageUrl(productCode, i + 1),
          alt: `${name} - ${view}`,
          position: i,
          view: (i + 1) as 1 | 2 | 3,
        })),
        art: productArt(productCode, name, group.shape),
      });
    }
  }
  for (const name of [...topSelling, ...inactive]) {
    if (!seen.has(name)) throw new Error(`Highlighted product not in the catalogue: ${name}`);
  }
  return products;
}

let cached: ProductSeed[] | undefined;

/** The demo catalogue, built once per process. */
export function demoCatalogue(): readonly ProductSeed[] {
  cached ??= build();
  return cached;
}
