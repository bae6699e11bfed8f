/**
 * Loads the demo catalogue and content. Safe to run on every start: rows are matched by natural keys
 * (ids, product codes, names, titles), so a second run writes the same rows again and adds none.
 */
import { CATEGORIES, HOME_STRIP_NAMES, SUBCATEGORIES } from "@store/shared";
import { count, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { installSettings } from "../db/install-settings";
import {
  blogs,
  categories,
  customerReviews,
  giftCardProducts,
  homeCategories,
  productImages,
  productVariants,
  products,
  promoCodes,
  socialPosts,
  subcategories,
  taxRates,
  taxRules,
  testimonials,
} from "../schema";
import { seedSizeSchemes } from "./size-schemes";
import { seedTaxData } from "./tax";
import { demoCatalogue } from "./catalogue";
import { BLOGS, blogImageUrl } from "./data/blogs";
import { SOCIAL_POSTS, STRIP_LINKS } from "./data/home-content";
import { PROMO_CODES } from "./data/promo-codes";
import { CUSTOMER_REVIEWS, TESTIMONIALS } from "./data/testimonials";
import { demoReviews, seedReviews, summariseRatings } from "./reviews";
import type { MediaStore } from "../media/storage";
import { generateMediaImages } from "./images";
import { DEMO_SEEDED_KEY } from "./demo-marker";
import { demoMediaItems, socialImageUrl, stripImageUrl } from "./media-manifest";

export interface SeedOptions {
  /** When set, the pictures the rows refer to are rendered into this store (existing ones are kept). */
  media?: MediaStore;
  log?: (msg: string) => void;
}

/** Any arbitrary number works; it only has to be the same for every process seeding this database. */
const SEED_LOCK_KEY = 7_402_018;

/** `excluded.<column>`: the value the conflicting insert tried to write. */
function excluded(column: PgColumn): SQL {
  return sql.raw(`excluded."${column.name}"`);
}

/**
 * Inserts the rows whose key is not in the table yet. For tables without a unique natural key, where
 * an upsert has no conflict target; existing rows keep their ids (blog URLs are /blog/<id>).
 */
async function insertMissing<T extends PgTable>(
  db: Db,
  table: T,
  key: PgColumn,
  rows: T["$inferInsert"][],
  keyOf: (row: T["$inferInsert"]) => string,
): Promise<void> {
  const existing = await db.select({ key: sql<string>`upper(${key})` }).from(table as PgTable);
  const have = new Set(existing.map((r) => r.key));
  const missing = rows.filter((row) => !have.has(keyOf(row).toUpperCase()));
  if (missing.length > 0) await db.insert(table).values(missing);
}

async function seedCategories(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, position) => ({ id: c.id, slug: c.segment, name: c.name, position })))
    .onConflictDoUpdate({
      target: categories.id,
      set: {
        slug: excluded(categories.slug),
        name: excluded(categories.name),
        position: excluded(categories.position),
      },
    });
  await db
    .insert(subcategories)
    .values(SUBCATEGORIES.map((s, position) => ({ id: s.id, name: s.name, categoryId: s.categoryId, position })))
    .onConflictDoUpdate({
      target: subcategories.id,
      set: {
        name: excluded(subcategories.name),
        categoryId: excluded(subcategories.categoryId),
        position: excluded(subcategories.position),
      },
    });
}

type ImageRow = typeof productImages.$inferInsert & { productId: number; position: number };

/** One comparable string per product: its images in position order. */
function imageSets(rows: readonly ImageRow[]): Map<number, string> {
  const byProduct = new Map<number, string[]>();
  for (const r of [...rows].sort((a, b) => a.position - b.position)) {
    byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), `${r.position}|${r.url}|${r.alt ?? ""}`]);
  }
  return new Map([...byProduct].map(([id, parts]) => [id, parts.join("\n")]));
}

/**
 * Images have no unique key, so a product whose image set differs gets it replaced; unchanged sets
 * are left alone, keeping their row ids across runs.
 */
async function syncProductImages(db: Db, wanted: readonly ImageRow[]): Promise<void> {
  const productIds = [...new Set(wanted.map((r) => r.productId))];
  const current = imageSets(await db.select().from(productImages).where(inArray(productImages.productId, productIds)));
  const stale = new Set([...imageSets(wanted)].filter(([id, set]) => current.get(id) !== set).map(([id]) => id));
  if (stale.size === 0) return;
  await db.delete(productImages).where(inArray(productImages.productId, [...stale]));
  await db.insert(productImages).values(wanted.filter((row) => stale.has(row.productId)));
}

/** Upserts products, their variants and images; returns product ids by product name. */
async function seedProducts(db: Db): Promise<Map<string, number>> {
  const catalogue = demoCatalogue();
  const updatable = [
    "name",
    "description",
    "categoryId",
    "subcategoryId",
    "categoryTerms",
    "colour",
    "material",
    "isActive",
    "newArrival",
    "topSelling",
    "remarks",
  ] as const;
  const saved = await db
    .insert(products)
    .values(catalogue.map(({ variants: _v, images: _i, art: _a, kind: _k, ...row }) => row))
    .onConflictDoUpdate({
      target: products.productCode,
      set: Object.fromEntries(updatable.map((key) => [key, excluded(products[key])])),
    })
    .returning({ id: products.id, productCode: products.productCode });
  const idByCode = new Map(saved.map((p) => [p.productCode, p.id]));
  const idOf = (code: number): number => {
    const id = idByCode.get(code);
    if (id === undefined) throw new Error(`Product ${code} was not saved`);
    return id;
  };

  await db
    .insert(productVariants)
    .values(catalogue.flatMap((p) => p.variants.map((v) => ({ productId: idOf(p.productCode), ...v }))))
    .onConflictDoUpdate({
      target: [productVariants.productId, productVariants.size],
      set: {
        offerPriceCents: excluded(productVariants.offerPriceCents),
        mrpCents: excluded(productVariants.mrpCents),
        stock: excluded(productVariants.stock),
        position: excluded(productVariants.position),
      },
    });

  await syncProductImages(
    db,
    catalogue.flatMap((p) =>
      p.images.map((image) => ({
        productId: idOf(p.productCode),
        url: image.url,
        alt: image.alt,
        position: image.position,
      })),
    ),
  );

  return new Map(catalogue.map((p) => [p.name, idOf(p.productCode)]));
}

async function seedHomeStrip(db: Db): Promise<void> {
  await db
    .insert(homeCategories)
    .values(
      HOME_STRIP_NAMES.map((name, position) => ({
        name,
        media: stripImageUrl(name),
        navigateLink: STRIP_LINKS[name],
        position,
      })),
    )
    .onConflictDoUpdate({
      target: homeCategories.name,
      set: {
        media: excluded(homeCategories.media),
        navigateLink: excluded(homeCategories.navigateLink),
        position: excluded(homeCategories.position),
      },
    });
}

async function seedContent(db: Db, productIds: Map<string, number>): Promise<void> {
  await insertMissing(
    db,
    testimonials,
    testimonials.name,
    TESTIMONIALS.map((t, position) => ({ ...t, position })),
    (row) => row.name,
  );
  await insertMissing(
    db,
    blogs,
    blogs.title,
    BLOGS.map((b, i) => ({
      title: b.title,
      image: blogImageUrl(i + 1),
      description: b.html,
      productLink: b.productLink,
      date: new Date(b.date),
      isPublished: true,
    })),
    (row) => row.title,
  );
  await insertMissing(
    db,
    customerReviews,
    customerReviews.title,
    CUSTOMER_REVIEWS.map((r, i) => ({
      productId: r.productName ? (productIds.get(r.productName) ?? null) : null,
      name: r.name,
      location: r.location,
      rating: r.rating,
      title: r.title,
      body: r.body,
      isApproved: true,
      // Spread over past weeks so "newest first" has a meaningful, stable order.
      createdAt: new Date(Date.UTC(2025, 11, 20) - i * 4 * 86_400_000),
    })),
    (row) => row.title ?? "",
  );
  await seedReviews(
    db,
    demoReviews(demoCatalogue(), (name) => {
      const id = productIds.get(name);
      if (id === undefined) throw new Error(`Product ${name} was not saved`);
      return id;
    }),
  );
  await summariseRatings(db);
  await insertMissing(
    db,
    socialPosts,
    socialPosts.image,
    SOCIAL_POSTS.map((post, i) => ({
      image: socialImageUrl(i + 1),
      caption: post.caption,
      link: post.link,
      position: i,
    })),
    (row) => row.image,
  );
  await insertMissing(
    db,
    promoCodes,
    promoCodes.code,
    PROMO_CODES.map((p) => ({ ...p })),
    (row) => row.code,
  );
  await insertMissing(db, giftCardProducts, giftCardProducts.name, DEMO_GIFT_CARDS, (row) => row.name);
}

/** The demo shop's gift cards (issue 42): a rupee card and a dollar card, each with set amounts or your own. */
const DEMO_GIFT_CARDS = [
  {
    name: "Gift card",
    description: "For Diwali, a wedding or Rakhi: store credit for anything in the shop, with no expiry.",
    currency: "INR",
    fixedAmounts: [1_000_00, 2_500_00, 5_000_00, 10_000_00],
    minAmount: 500_00,
    maxAmount: 50_000_00,
  },
  {
    name: "Gift card in US dollars",
    description: "For someone abroad: store credit in dollars for anything in the shop, shipped worldwide.",
    currency: "USD",
    fixedAmounts: [25_00, 50_00, 100_00],
    minAmount: 20_00,
    maxAmount: 500_00,
  },
];

export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  await db.transaction(async (tx) => {
    // Two processes starting at once must not both insert the rows that have no unique key.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const txDb = tx as unknown as Db;
    await seedCategories(txDb);
    await seedSizeSchemes(txDb);
    const productIds = await seedProducts(txDb);
    await seedTaxData(txDb);
    await seedHomeStrip(txDb);
    await seedContent(txDb, productIds);
    // Remembered, so the start-up summary can say that this shop shows demo data (first-start.ts).
    await txDb
      .insert(installSettings)
      .values({ key: DEMO_SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing();
  });
  log(`seed: database rows written in ${Math.round(performance.now() - started)} ms`);
  if (options.media) {
    const imagesStarted = performance.now();
    const items = demoMediaItems();
    const written = await generateMediaImages(options.media, items);
    log(
      `seed: ${written} of ${items.length} images rendered in ${Math.round(performance.now() - imagesStarted)} ms (${options.media.location})`,
    );
  }
}

const SEEDED_TABLES = {
  categories,
  subcategories,
  products,
  productVariants,
  productImages,
  homeCategories,
  testimonials,
  blogs,
  customerReviews,
  socialPosts,
  promoCodes,
  giftCardProducts,
  taxRules,
  taxRates,
} satisfies Record<string, PgTable>;

export type SeededCounts = Record<keyof typeof SEEDED_TABLES, number>;

/** Row counts of the seeded tables, for the CLI summary and tests. */
export async function countSeededRows(db: Db): Promise<SeededCounts> {
  const entries = await Promise.all(
    Object.entries(SEEDED_TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table as PgTable);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as SeededCounts;
}
