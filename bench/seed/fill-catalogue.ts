import type { Db } from "@store/server/db/client";
import { customerReviews, productImages, productVariants, products } from "@store/server/schema";
import { createLocalMediaStore } from "@store/server/media/local-store";
import { summariseRatings } from "@store/server/seed/reviews";
import { seedDemoData } from "@store/server/seed/seed";
import { seedTaxData } from "@store/server/seed/tax";
import { count, gte, lt, max, sql } from "drizzle-orm";
import { FIRST_SYNTHETIC_CODE, syntheticProduct, type SyntheticProduct } from "./synthetic-products";

export interface FillOptions {
  /** Total products wanted (demo + synthetic). Fewer than the demo's ~160 still keeps the whole demo. */
  products: number;
  /** Products per INSERT statement (their variants, images and reviews follow in one statement each). */
  batchSize?: number;
  /** Render the demo's pictures into this folder (page benchmarks need them; API and search do not). */
  mediaDir?: string;
  log?: (message: string) => void;
}

export interface FillReport {
  demoProducts: number;
  syntheticBefore: number;
  inserted: number;
  totalProducts: number;
  seconds: number;
  productsPerSecond: number;
}

async function countProducts(db: Db, synthetic: boolean): Promise<number> {
  const filter = synthetic
    ? gte(products.productCode, FIRST_SYNTHETIC_CODE)
    : lt(products.productCode, FIRST_SYNTHETIC_CODE);
  const [row] = await db.select({ n: count() }).from(products).where(filter);
  return row?.n ?? 0;
}

/** The next synthetic index: rows are inserted in index order, so the highest code says where to go on. */
async function nextSyntheticIndex(db: Db): Promise<number> {
  const [row] = await db
    .select({ code: max(products.productCode) })
    .from(products)
    .where(gte(products.productCode, FIRST_SYNTHETIC_CODE));
  return row?.code == null ? 0 : row.code - FIRST_SYNTHETIC_CODE + 1;
}

async function insertBatch(db: Db, batch: readonly SyntheticProduct[]): Promise<void> {
  await db.transaction(async (tx) => {
    const saved = await tx
      .insert(products)
      .values(batch.map(({ variants: _v, images: _i, reviews: _r, ...row }) => row))
      .returning({ id: products.id, productCode: products.productCode });
    const idByCode = new Map(saved.map((r) => [r.productCode, r.id]));
    const withId = batch.map((p) => {
      const id = idByCode.get(p.productCode);
      if (id === undefined) throw new Error(`Product ${p.productCode} was not saved`);
      return { id, p };
    });
    await tx
      .insert(productVariants)
      .values(withId.flatMap(({ id, p }) => p.variants.map((v) => ({ productId: id, ...v }))));
    await tx
      .insert(productImages)
      .values(
        withId.flatMap(({ id, p }) =>
          p.images.map((image) => ({ productId: id, url: image.url, alt: image.alt, position: image.position })),
        ),
      );
    const reviewRows = withId.flatMap(({ id, p }) => p.reviews.map((review) => ({ productId: id, ...review })));
    if (reviewRows.length > 0) await tx.insert(customerReviews).values(reviewRows);
  });
}

/**
 * Brings the catalogue up to `products` rows: the demo seed first (categories, home strip, content,
 * promo codes and the demo products), then synthetic products in batches. Re-running with the same or
 * a smaller number adds nothing; a bigger number adds only the missing rows.
 */
export async function fillCatalogue(db: Db, options: FillOptions): Promise<FillReport> {
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 1000;
  const started = performance.now();

  if ((await countProducts(db, false)) === 0 || options.mediaDir) {
    const media = options.mediaDir ? createLocalMediaStore(options.mediaDir) : undefined;
    await seedDemoData(db, { media, log });
  }
  const demoProducts = await countProducts(db, false);
  const syntheticBefore = await countProducts(db, true);
  const wanted = Math.max(0, options.products - demoProducts);

  const inserted = Math.max(0, wanted - syntheticBefore);
  const first = await nextSyntheticIndex(db);
  const end = first + inserted;
  let next = first;
  let lastLog = performance.now();
  while (next < end) {
    const size = Math.min(batchSize, end - next);
    await insertBatch(
      db,
      Array.from({ length: size }, (_, i) => syntheticProduct(next + i)),
    );
    next += size;
    if (performance.now() - lastLog > 5000 || next === end) {
      log(`bench:seed: ${demoProducts + syntheticBefore + next - first} products`);
      lastLog = performance.now();
    }
  }
  if (inserted > 0) {
    // Statistics first: on a fresh PostgreSQL database the planner otherwise takes the 10k products and 20k
    // reviews for a handful of rows, joins them in a nested loop and the summary outlives the 15 s timeout.
    await db.execute(sql`analyze products, customer_reviews`);
    // A product's rating and count come from its approved reviews (issue 17), as in the demo seed.
    await summariseRatings(db);
  }
  // Every product's HSN code and tax rule, by category as the demo's: a live shop sets them on every piece,
  // and without them a checkout issues no tax invoice (nor renders its PDF) and measures less than it does.
  await seedTaxData(db);
  // What autovacuum would have done on a live store: statistics (without them the planner guesses row
  // counts for a table that grew 600-fold) and the visibility map (without it an index-only scan, such
  // as a listing's count, visits the heap and the planner prefers a sequential scan).
  // Products rewritten first: the rating and tax updates above wrote every new product two or three times,
  // leaving most of its table empty, which a shop whose products were each written once when added has not,
  // and a search's scan read that many more pages (decision 055 has the figures).
  if (inserted > 0) await db.execute(sql`vacuum full products`);
  if (inserted > 0) await db.execute(sql`vacuum analyze products, product_variants, product_images, customer_reviews`);

  const seconds = (performance.now() - started) / 1000;
  return {
    demoProducts,
    syntheticBefore,
    inserted,
    totalProducts: demoProducts + syntheticBefore + inserted,
    seconds: Math.round(seconds * 10) / 10,
    productsPerSecond: Math.round(inserted / seconds),
  };
}
