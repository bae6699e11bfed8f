/**
 * Synthetic catalogue rows for benchmarks, built on the demo catalogue: each synthetic product is a
 * colourway of a demo product (same category, sizes, price band, description and pictures), so the
 * words shoppers search for are distributed the way they are in the real shop, only 600 times denser.
 *
 * Deterministic: product k is derived from its index alone (its own PRNG), so "top up to 100k" after
 * "1k" gives the same rows as one run straight to 100k.
 */
import { demoCatalogue, type ProductSeed } from "@store/server/seed/catalogue";
import { CUSTOMER_REVIEWS } from "@store/server/seed/data/testimonials";
import { createRng, hashString, type Rng } from "@store/server/seed/random";

/** Far above the demo's codes (1001...), so demo products added later never collide with synthetic ones. */
export const FIRST_SYNTHETIC_CODE = 1_000_000;

/** Dye colours of Jaipur's printers; a demo name starting with one of them gets the new colour instead. */
const COLOURS = [
  "Indigo",
  "Rust",
  "Mustard",
  "Sage",
  "Charcoal",
  "Ivory",
  "Madder",
  "Teal",
  "Saffron",
  "Olive",
  "Blush",
  "Ochre",
  "Plum",
  "Emerald",
  "Terracotta",
  "Turmeric",
  "Coral",
  "Slate",
  "Peacock",
  "Henna",
  "Pomegranate",
  "Sand",
  "Jade",
  "Ink",
] as const;
/** Block motifs, one per collection. */
const MOTIFS = [
  "Marigold",
  "Lotus",
  "Jaal",
  "Mango",
  "Elephant",
  "Champa",
  "Trellis",
  "Genda",
  "Neem",
  "Anaar",
  "Parrot",
  "Kamal",
  "Chevron",
  "Jharokha",
  "Tulip",
  "Leaf",
  "Bel",
  "Star",
  "Moon",
  "Fern",
  "Daisy",
  "Camel",
  "Kairi",
  "Rose",
  "Vine",
  "Temple",
] as const;
const REVIEW_DAYS = 730;
const REVIEW_EPOCH = Date.UTC(2026, 0, 1);

export interface SyntheticReview {
  name: string;
  location: string;
  rating: number;
  title: string;
  body: string;
  isApproved: boolean;
  createdAt: Date;
}

export type SyntheticProduct = Omit<ProductSeed, "art"> & { reviews: SyntheticReview[] };

/** The word a shopper types to find exactly this product (it is in the description). */
export function styleCode(productCode: number): string {
  return `JK${productCode}`;
}

function rename(template: ProductSeed, round: number): string {
  const colour = COLOURS[round % COLOURS.length] ?? COLOURS[0];
  const motif = MOTIFS[Math.floor(round / COLOURS.length) % MOTIFS.length] ?? MOTIFS[0];
  const [first, ...rest] = template.name.split(" ");
  const base = (COLOURS as readonly string[]).includes(first ?? "") ? rest.join(" ") : template.name;
  return `${colour} ${motif} ${base}`;
}

function prices(template: ProductSeed, rng: Rng): ProductSeed["variants"] {
  // One factor per product keeps the size steps of the template (M costs more than S, and so on).
  const factor = rng.range(0.85, 1.2);
  return template.variants.map((v, position) => {
    const offerCents = Math.max(100, Math.round((v.offerPriceCents * factor) / 100) * 100);
    const mrpCents = Math.max(offerCents + 100, Math.round((v.mrpCents * factor) / 100) * 100);
    // Size S always has stock, as in the demo: load tests add size S to carts.
    const stock = position > 0 && rng.chance(0.08) ? 0 : rng.int(position === 0 ? 20 : 1, 60);
    return { ...v, offerPriceCents: offerCents, mrpCents, stock };
  });
}

function reviews(rng: Rng): SyntheticReview[] {
  return Array.from({ length: rng.int(0, 4) }, () => {
    const voice = rng.pick(CUSTOMER_REVIEWS);
    const text = rng.pick(CUSTOMER_REVIEWS);
    return {
      name: voice.name,
      location: voice.location,
      rating: rng.pick([3, 3.5, 4, 4, 4.5, 4.5, 5, 5, 5]),
      title: text.title,
      body: text.body,
      isApproved: rng.chance(0.9),
      createdAt: new Date(REVIEW_EPOCH - rng.int(0, REVIEW_DAYS) * 86_400_000),
    };
  });
}

/** Synthetic product number `index` (0-based), a colourway of demo product `index % demo size`. */
export function syntheticProduct(index: number): SyntheticProduct {
  const templates = demoCatalogue();
  const template = templates[index % templates.length];
  if (!template) throw new Error("The demo catalogue is empty");
  const round = Math.floor(index / templates.length);
  const rng = createRng(hashString(`bench-product-${index}`));
  const productCode = FIRST_SYNTHETIC_CODE + index;
  const name = rename(template, round);
  const { art: _art, ...rest } = template;
  return {
    ...rest,
    productCode,
    name,
    description: `${template.description.replaceAll(template.name, name)} Style ${styleCode(productCode)}.`,
    // A few withdrawn pieces, as in any real catalogue; listings and search must skip them.
    isActive: rng.chance(0.97),
    newArrival: rng.chance(0.2),
    topSelling: rng.chance(0.002),
    variants: prices(template, rng),
    // The demo's pictures: 100k products must not mean 300k rendered images.
    images: template.images.map((image) => ({ ...image, alt: image.alt.replace(template.name, name) })),
    reviews: reviews(rng),
  };
}
