import { and, asc, eq, inArray } from "drizzle-orm";
import { CATEGORIES, HOME_STRIP_NAMES, PAGE_SIZE, SUBCATEGORIES, priceIn, type ProductListItem } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeCategories, productImages, productVariants, products } from "../../schema";
import { createTestApp } from "../../testing/test-app";
import { invalidateCatalogCache } from "./cache";
import { TOP_SELLING_LIMIT } from "./service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;
const validationError = {
  message: expect.any(String),
  code: "VALIDATION_FAILED",
  errors: expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]),
};

async function listing(query: string) {
  const res = await app.inject(`/api/get-all-products/?${query}`);
  return { status: res.statusCode, body: res.json() };
}

/** Every page of a listing, concatenated. */
async function allPages(query: string): Promise<ProductListItem[]> {
  const items: ProductListItem[] = [];
  for (let page = 1; page < 100; page++) {
    const { body } = await listing(`${query}&page=${page}&page_size=48`);
    items.push(...body.data);
    if (body.data.length < 48) return items;
  }
  throw new Error("listing never ended");
}

const activeIds = async (where: Parameters<typeof and>[number]) =>
  (
    await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), where))
      .orderBy(asc(products.id))
  ).map((r) => r.id);

describe("GET /api/get-all-category-list/", () => {
  it("answers every category of the spec with its subcategories, from the database", async () => {
    const res = await app.inject("/api/get-all-category-list/");
    expect(res.statusCode).toBe(200);
    const { categories } = res.json();
    expect(categories.map((c: { id: number; slug: string }) => [c.id, c.slug])).toEqual(
      CATEGORIES.map((c) => [c.id, c.segment]),
    );
    const women = categories.find((c: { id: number }) => c.id === 1);
    expect(women.subcategories).toContainEqual({ id: 1, name: "dresses" });
    const allSubcategoryIds = categories
      .flatMap((c: { subcategories: { id: number }[] }) => c.subcategories.map((s) => s.id))
      .sort((a: number, b: number) => a - b);
    expect(allSubcategoryIds).toEqual(SUBCATEGORIES.map((s) => s.id).sort((a, b) => a - b));
  });

  it("accepts the path without its trailing slash", async () => {
    const res = await app.inject("/api/get-all-category-list");
    expect(res.statusCode).toBe(200);
    expect(res.json().categories).toHaveLength(CATEGORIES.length);
  });
});

describe("GET /api/get-all-products/", () => {
  it("answers the first page of a category's active products with the spec's fields and the total", async () => {
    const { status, body } = await listing("category_pk=1");
    const expectedIds = await activeIds(eq(products.categoryId, 1));
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: expectedIds.length, page: 1, page_size: PAGE_SIZE, currency: "USD" });
    expect(body.data.map((p: ProductListItem) => p.id)).toEqual(expectedIds.slice(0, PAGE_SIZE));
    for (const item of body.data as ProductListItem[]) {
      expect(item).toMatchObject({
        category_pk: 1,
        is_active: true,
        currency: "USD",
        product_name: expect.any(String),
        description: expect.any(String),
      });
      expect(item.main_image).toMatch(/^\/media\//);
    }
  });

  it("lists every active product of the category once, in id order, across pages; inactive ones never", async () => {
    const items = await allPages("category_pk=1");
    expect(items.map((p) => p.id)).toEqual(await activeIds(eq(products.categoryId, 1)));
    const inactive = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.categoryId, 1), eq(products.isActive, false)));
    expect(inactive.length).toBeGreaterThan(0);
    for (const { id } of inactive) expect(items.map((p) => p.id)).not.toContain(id);
  });

  it("answers a different page 2 with the same total", async () => {
    const one = await listing("category_pk=2&page=1&page_size=5");
    const two = await listing("category_pk=2&page=2&page_size=5");
    expect(two.status).toBe(200);
    expect(two.body.total).toBe(one.body.total);
    expect(two.body.data).toHaveLength(5);
    const firstIds = new Set(one.body.data.map((p: ProductListItem) => p.id));
    expect(two.body.data.some((p: ProductListItem) => firstIds.has(p.id))).toBe(false);
    expect(two.body.data[0].id).toBeGreaterThan(one.body.data[4].id);
  });

  it("answers an empty page past the end, still with the total", async () => {
    const { status, body } = await listing("category_pk=1&page=500");
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.total).toBe((await activeIds(eq(products.categoryId, 1))).length);
  });

  it("narrows to a subcategory of that category", async () => {
    const kaftans = SUBCATEGORIES.find((s) => s.name === "kaftan & robes");
    const items = await allPages(`category_pk=1&sub_category_pk=${kaftans?.id}`);
    const expected = await activeIds(eq(products.subcategoryId, kaftans?.id ?? -1));
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((p) => p.id)).toEqual(expected);
  });

  it.each([
    ["an unknown subcategory", "999"],
    ["a subcategory of another category", String(SUBCATEGORIES.find((s) => s.categoryId === 2)?.id)],
    ["a subcategory that is not a number", "abc"],
  ])("treats %s as no filter (spec)", async (_label, sub) => {
    const { status, body } = await listing(`category_pk=1&sub_category_pk=${sub}`);
    expect(status).toBe(200);
    expect(body.total).toBe((await activeIds(eq(products.categoryId, 1))).length);
  });

  it("prices each card at its size S, in USD and by the INR rule", async () => {
    const [usd, inr] = await Promise.all([
      listing("category_pk=3&currency=USD"),
      listing("category_pk=3&currency=INR"),
    ]);
    const first: ProductListItem = usd.body.data[0];
    const [s] = await db()
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, first.id), eq(productVariants.size, "S")));
    expect(s).toBeDefined();
    expect(first).toMatchObject({
      offer_price: priceIn("USD", s?.offerPriceCents ?? -1),
      mrp: priceIn("USD", s?.mrpCents ?? -1),
    });
    expect(inr.body.currency).toBe("INR");
    expect(inr.body.data[0]).toMatchObject({
      id: first.id,
      currency: "INR",
      offer_price: priceIn("INR", s?.offerPriceCents ?? -1),
      mrp: priceIn("INR", s?.mrpCents ?? -1),
    });
    expect(inr.body.data[0].offer_price % 10).toBe(9);
  });

  it("shows the first image as main_image", async () => {
    const { body } = await listing("category_pk=6");
    const item: ProductListItem = body.data[0];
    const [image] = await db()
      .select()
      .from(productImages)
      .where(eq(productImages.productId, item.id))
      .orderBy(asc(productImages.position))
      .limit(1);
    expect(item.main_image).toBe(image?.url);
  });

  it("prices a product without size S at its cheapest size", async () => {
    const [product] = await db()
      .insert(products)
      .values({ productCode: 990_001, name: "Test Jute Tote", description: "A test tote.", categoryId: 6 })
      .returning();
    const productId = product?.id ?? -1;
    try {
      await db()
        .insert(productVariants)
        .values([
          { productId, size: "M", offerPriceCents: 3000, mrpCents: 4000, position: 0 },
          { productId, size: "L", offerPriceCents: 2500, mrpCents: 3500, position: 1 },
        ]);
      invalidateCatalogCache(); // written behind the service's back
      const items = await allPages("category_pk=6");
      expect(items.find((p) => p.id === productId)).toMatchObject({ offer_price: 25, mrp: 35, main_image: "" });
    } finally {
      await db().delete(products).where(eq(products.id, productId));
      invalidateCatalogCache();
    }
  });

  it("answers an unknown category with 404 'Category not found'", async () => {
    const { status, body } = await listing("category_pk=999");
    expect(status).toBe(404);
    expect(body).toEqual({ message: "Category not found", code: "NOT_FOUND", errors: [] });
  });

  it("accepts the path without its trailing slash", async () => {
    expect((await app.inject("/api/get-all-products?category_pk=1")).statusCode).toBe(200);
  });

  it.each([
    ["missing category", ""],
    ["category not a number", "category_pk=abc"],
    ["negative category", "category_pk=-1"],
    ["zero category", "category_pk=0"],
    ["fractional category", "category_pk=1.5"],
    ["huge category", "category_pk=99999999999999999999"],
    ["category twice", "category_pk=1&category_pk=2"],
    ["page 0", "category_pk=1&page=0"],
    ["negative page", "category_pk=1&page=-3"],
    ["page not a number", "category_pk=1&page=abc"],
    ["huge page size", "category_pk=1&page_size=100000"],
    ["unknown currency", "category_pk=1&currency=EUR"],
    ["huge string", `category_pk=${"9".repeat(5000)}`],
  ])("answers bad input (%s) with 400 and the error body", async (_label, query) => {
    const { status, body } = await listing(query);
    expect(status).toBe(400);
    expect(body).toMatchObject(validationError);
  });
});

describe("GET /api/product/get-top-selling-product/", () => {
  const topSellingIds = async () => (await activeIds(eq(products.topSelling, true))).slice(0, TOP_SELLING_LIMIT);

  it("answers only products that are top selling and active", async () => {
    const res = await app.inject("/api/product/get-top-selling-product/");
    expect(res.statusCode).toBe(200);
    const data: ProductListItem[] = res.json().data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.map((p) => p.id)).toEqual(await topSellingIds());
    expect(data.every((p) => p.top_selling && p.is_active)).toBe(true);
  });

  it("drops a product made inactive once the catalogue cache is invalidated", async () => {
    const [first] = await topSellingIds();
    const ids = async () =>
      (await app.inject("/api/product/get-top-selling-product")).json().data.map((p: ProductListItem) => p.id);
    await db()
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, first ?? -1));
    try {
      expect(await ids()).toContain(first); // still the cached answer
      invalidateCatalogCache();
      expect(await ids()).not.toContain(first);
    } finally {
      await db()
        .update(products)
        .set({ isActive: true })
        .where(eq(products.id, first ?? -1));
      invalidateCatalogCache();
    }
    expect(await ids()).toContain(first);
  });

  it("prices in INR by the spec's rule", async () => {
    const data: ProductListItem[] = (await app.inject("/api/product/get-top-selling-product/?currency=INR")).json()
      .data;
    const variants = await db()
      .select()
      .from(productVariants)
      .where(
        and(
          inArray(
            productVariants.productId,
            data.map((p) => p.id),
          ),
          eq(productVariants.size, "S"),
        ),
      );
    for (const item of data) {
      const s = variants.find((v) => v.productId === item.id);
      expect(item).toMatchObject({ currency: "INR", offer_price: priceIn("INR", s?.offerPriceCents ?? -1) });
    }
  });

  it("answers an unknown currency with 400", async () => {
    const res = await app.inject("/api/product/get-top-selling-product/?currency=GBP");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(validationError);
  });
});

describe("GET /api/product/product-category/", () => {
  it("answers the spec's ten strip entries in position order, never a stray row", async () => {
    await db()
      .insert(homeCategories)
      .values({ name: "Stray Tile", media: "/media/x.webp", navigateLink: "/women", position: -1 });
    invalidateCatalogCache();
    const res = await app.inject("/api/product/product-category");
    expect(res.statusCode).toBe(200);
    const data: { id: number; name: string; media: string; navigate_link: string }[] = res.json().data;
    const names: readonly string[] = HOME_STRIP_NAMES;
    expect(data.map((c) => c.name).sort()).toEqual([...names].sort());
    const stored = await db()
      .select()
      .from(homeCategories)
      .where(inArray(homeCategories.name, [...names]))
      .orderBy(asc(homeCategories.position));
    expect(data).toEqual(
      stored.map((r) => ({ id: r.id, name: r.name, media: r.media, navigate_link: r.navigateLink })),
    );
    expect(data.every((c) => c.media.length > 0 && c.navigate_link.startsWith("/"))).toBe(true);
  });
});
