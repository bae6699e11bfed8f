import { CATEGORIES, DEFAULT_SIZE, HOME_STRIP_NAMES } from "@store/shared";
import { asc, eq } from "drizzle-orm";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import {
  blogs,
  customerReviews,
  homeCategories,
  productImages,
  productVariants,
  products,
  giftCardProducts,
  promoCodes,
  testimonials,
} from "../schema";
import { productArt } from "./artwork";
import { createLocalMediaStore, mediaFilePath } from "../media/local-store";
import { mediaKeyOfUrl } from "../media/keys";
import { generateMediaImages, type MediaItem } from "./images";
import { countSeededRows, seedDemoData, type SeededCounts } from "./seed";

describe("seedDemoData", () => {
  let database: Database;
  let countsAfterFirstRun: SeededCounts;
  let rowIdsAfterFirstRun: unknown;
  const rowIds = async () => ({
    products: await database.db
      .select({ id: products.id, code: products.productCode })
      .from(products)
      .orderBy(asc(products.id)),
    images: await database.db.select({ id: productImages.id }).from(productImages).orderBy(asc(productImages.id)),
    variants: await database.db
      .select({ id: productVariants.id, price: productVariants.offerPriceCents })
      .from(productVariants)
      .orderBy(asc(productVariants.id)),
  });

  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    await database.migrate();
    await seedDemoData(database.db);
    countsAfterFirstRun = await countSeededRows(database.db);
    rowIdsAfterFirstRun = await rowIds();
    await seedDemoData(database.db);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it("is idempotent: a second run leaves the same rows", async () => {
    expect(await countSeededRows(database.db)).toEqual(countsAfterFirstRun);
    expect(await rowIds()).toEqual(rowIdsAfterFirstRun);
    expect(countsAfterFirstRun.products).toBeGreaterThanOrEqual(160);
  });

  it("spreads at least 150 active products over every category and most subcategories", async () => {
    const active = await database.db.select().from(products).where(eq(products.isActive, true));
    expect(active.length).toBeGreaterThanOrEqual(150);
    expect(new Set(active.map((p) => p.categoryId))).toEqual(new Set(CATEGORIES.map((c) => c.id)));
    const subcategoryIds = new Set(active.map((p) => p.subcategoryId).filter((id) => id !== null));
    expect(subcategoryIds.size).toBeGreaterThanOrEqual(15);
  });

  it("gives products seeded reviews and works their rating and count out from the approved ones", async () => {
    const all = await database.db.select().from(products);
    const reviews = await database.db.select().from(customerReviews);
    expect(reviews.length).toBeGreaterThan(all.length);
    expect(reviews.every((r) => !r.verified && r.orderLineId === null)).toBe(true);
    expect(reviews.some((r) => !r.isApproved)).toBe(true);
    for (const p of all) {
      const approved = reviews.filter((r) => r.productId === p.id && r.isApproved);
      const tenths = approved.reduce((sum, r) => sum + Math.round(r.rating * 10), 0);
      expect(p.reviewCount).toBe(approved.length);
      expect(p.rating).toBe(approved.length === 0 ? 0 : Math.round(tenths / approved.length) / 10);
    }
    const rated = all.filter((p) => p.isActive && p.reviewCount > 0);
    expect(rated.length).toBeGreaterThan(all.length / 2);
    expect(rated.filter((p) => p.topSelling).length).toBeGreaterThanOrEqual(8);
  });

  it("flags inactive and top-selling products", async () => {
    const all = await database.db.select().from(products);
    expect(all.some((p) => !p.isActive)).toBe(true);
    expect(all.filter((p) => p.isActive && p.topSelling).length).toBeGreaterThanOrEqual(8);
  });

  it("keeps stable codes and names that other tests search for", async () => {
    const rows = await database.db.select().from(products).orderBy(asc(products.productCode));
    expect(rows[0]).toMatchObject({ productCode: 1001, name: "Indigo Dabu Print Cotton Maxi Dress" });
    expect(rows.find((p) => p.name === "Block Print Cotton Kaftan")?.productCode).toBe(1034);
    expect(rows.find((p) => p.name === "Kantha Stitch Cushion Cover")?.productCode).toBe(1081);
  });

  it("gives every product an S variant, at least two sizes and whole-dollar prices below MRP", async () => {
    const variants = await database.db.select().from(productVariants);
    const byProduct = new Map<number, typeof variants>();
    for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
    expect(byProduct.size).toBe(countsAfterFirstRun.products);
    for (const sizes of byProduct.values()) {
      expect(sizes.length).toBeGreaterThanOrEqual(2);
      expect(sizes.some((v) => v.size === DEFAULT_SIZE && v.stock > 0)).toBe(true);
    }
    for (const v of variants) {
      expect(v.offerPriceCents % 100).toBe(0);
      expect(v.mrpCents % 100).toBe(0);
      expect(v.offerPriceCents).toBeLessThan(v.mrpCents);
      expect(v.offerPriceCents).toBeGreaterThanOrEqual(900);
      expect(v.offerPriceCents).toBeLessThanOrEqual(18_000);
    }
  });

  it("gives every product three numbered images", async () => {
    const images = await database.db.select().from(productImages);
    expect(images.length).toBe(countsAfterFirstRun.products * 3);
    for (const image of images) expect(image.url).toMatch(/^\/media\/products\/\d+-[123]\.webp$/);
  });

  it("seeds exactly the ten strip names, eight testimonials, the blogs, the promo codes and two gift cards", async () => {
    const strip = await database.db.select().from(homeCategories).orderBy(asc(homeCategories.position));
    expect(strip.map((s) => s.name)).toEqual([...HOME_STRIP_NAMES]);
    for (const s of strip) expect(s.navigateLink).toMatch(/^\//);

    const quotes = await database.db.select().from(testimonials);
    expect(quotes).toHaveLength(8);
    for (const t of quotes) expect([4, 5]).toContain(t.rating);

    expect((await database.db.select().from(blogs)).length).toBeGreaterThanOrEqual(6);
    const codes = (await database.db.select().from(promoCodes)).map((p) => p.code).sort();
    expect(codes).toEqual(["EXPIRED5", "FESTIVE20", "FLAT200", "INACTIVE50", "LIMITED1", "SAVE15USD", "WELCOME10"]);
    const cards = await database.db.select().from(giftCardProducts);
    expect(cards.map((c) => [c.currency, c.fixedAmounts[0], c.active])).toEqual([
      ["INR", 1_000_00, true],
      ["USD", 25_00, true],
    ]);
  });
});

describe("generateMediaImages", () => {
  it("writes valid WebP files and skips them on the next run", async () => {
    const dir = await mkdtemp(join(tmpdir(), "seed-media-"));
    const store = createLocalMediaStore(dir);
    const file = (url: string) => mediaFilePath(dir, mediaKeyOfUrl(url));
    try {
      const items: MediaItem[] = [
        {
          kind: "product",
          url: "/media/products/9001-1.webp",
          art: productArt(9001, "Kantha Stitch Cushion Cover", "cushion"),
          view: 1,
        },
        { kind: "strip", url: "/media/strip/lac-bangles.webp", name: "Lac Bangles" },
      ];
      expect(await generateMediaImages(store, items)).toBe(2);
      for (const item of items) {
        const meta = await sharp(file(item.url)).metadata();
        expect(meta.format).toBe("webp");
      }
      const product = await sharp(file("/media/products/9001-1.webp")).metadata();
      expect([product.width, product.height]).toEqual([600, 750]);
      // The card-sized copy the web app offers in srcset; the strip has none.
      const copy = await sharp(file("/media/products/9001-1-360w.webp")).metadata();
      expect([copy.format, copy.width, copy.height]).toEqual(["webp", 360, 450]);
      expect(await readdir(join(dir, "strip"))).toEqual(["lac-bangles.webp"]);
      expect(await generateMediaImages(store, items)).toBe(0);

      // A media folder from before the copies: only the missing copy is written.
      await rm(file("/media/products/9001-1-360w.webp"));
      const original = await stat(file("/media/products/9001-1.webp"));
      expect(await generateMediaImages(store, items)).toBe(1);
      expect((await sharp(file("/media/products/9001-1-360w.webp")).metadata()).width).toBe(360);
      expect((await stat(file("/media/products/9001-1.webp"))).mtimeMs).toBe(original.mtimeMs);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it("refuses URLs and keys outside the media folder", () => {
    expect(() => mediaKeyOfUrl("/media/../etc/passwd")).toThrow();
    expect(() => mediaKeyOfUrl("/assets/x.webp")).toThrow();
    expect(() => mediaFilePath("/tmp/media", "../etc/passwd")).toThrow();
    expect(() => mediaFilePath("/tmp/media", "products/../../etc/passwd")).toThrow();
  });
});
