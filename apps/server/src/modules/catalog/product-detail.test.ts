import { and, asc, eq, ne } from "drizzle-orm";
import { DEFAULT_SIZE, PRODUCT_SIZES, priceIn, type ProductDetailResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productImages, productVariants, products } from "../../schema";
import { createTestApp } from "../../testing/test-app";
import { RELATED_LIMIT } from "./service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;

async function detail(query: string) {
  const res = await app.inject(`/api/get-product-detail/?${query}`);
  return { status: res.statusCode, body: res.json() };
}

/** An active product sold in every size, and one sold in fewer sizes. */
async function sampleProducts() {
  const rows = await db()
    .select({ id: products.id, size: productVariants.size })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
  const sizesOf = new Map<number, string[]>();
  for (const r of rows) sizesOf.set(r.id, [...(sizesOf.get(r.id) ?? []), r.size]);
  const entries = [...sizesOf.entries()];
  // Every garment size; "ONE" (one size) is never sold beside others.
  const full = entries.find(([, sizes]) => sizes.length === PRODUCT_SIZES.filter((s) => s !== "ONE").length);
  const partial = entries.find(([, sizes]) => !sizes.includes("XL"));
  if (!full || !partial) throw new Error("the seed should have both kinds of product");
  return { full: full[0], partial: partial[0] };
}

describe("GET /api/get-product-detail/", () => {
  it("answers the product in size S by default, with every size's prices and stock from the catalogue", async () => {
    const { full } = await sampleProducts();
    const { status, body } = await detail(`product_pk=${full}`);
    expect(status).toBe(200);
    const { data } = body as ProductDetailResponse;
    const [product] = await db().select().from(products).where(eq(products.id, full));
    const variants = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, full))
      .orderBy(asc(productVariants.position));
    const s = variants.find((v) => v.size === DEFAULT_SIZE);
    expect(data).toMatchObject({
      id: full,
      product_code: product?.productCode,
      name: product?.name,
      description: product?.description,
      size: DEFAULT_SIZE,
      offer_price: priceIn("USD", s?.offerPriceCents ?? -1),
      mrp: priceIn("USD", s?.mrpCents ?? -1),
      stock: s?.stock,
      currency: "USD",
      category: { id: product?.categoryId },
    });
    expect(data.sizes).toEqual(
      variants.map((v) => ({
        size: v.size,
        size_name: expect.any(String),
        offer_price: priceIn("USD", v.offerPriceCents),
        mrp: priceIn("USD", v.mrpCents),
        stock: v.stock,
      })),
    );
  });

  it("switches prices and stock with the size", async () => {
    const { full } = await sampleProducts();
    const small = (await detail(`product_pk=${full}&size=S`)).body.data;
    const large = (await detail(`product_pk=${full}&size=XL`)).body.data;
    const xl = small.sizes.find((s: { size: string }) => s.size === "XL");
    expect(large).toMatchObject({ size: "XL", offer_price: xl.offer_price, mrp: xl.mrp, stock: xl.stock });
    expect(large.offer_price).not.toBe(small.offer_price);
  });

  it("prices every size by the INR rule when asked for INR", async () => {
    const { full } = await sampleProducts();
    const { body } = await detail(`product_pk=${full}&size=M&currency=INR`);
    const variants = await db().select().from(productVariants).where(eq(productVariants.productId, full));
    const m = variants.find((v) => v.size === "M");
    expect(body.data).toMatchObject({
      currency: "INR",
      size: "M",
      offer_price: priceIn("INR", m?.offerPriceCents ?? -1),
      mrp: priceIn("INR", m?.mrpCents ?? -1),
    });
    for (const option of body.data.sizes) {
      const v = variants.find((x) => x.size === option.size);
      expect(option.offer_price).toBe(priceIn("INR", v?.offerPriceCents ?? -1));
      expect(option.offer_price % 10).toBe(9);
    }
    expect(body.related_product.every((p: { currency: string }) => p.currency === "INR")).toBe(true);
  });

  it("lists the images in order, the first being main_image, and names the category and subcategory", async () => {
    const { full } = await sampleProducts();
    const { data } = (await detail(`product_pk=${full}`)).body as ProductDetailResponse;
    const images = await db()
      .select()
      .from(productImages)
      .where(eq(productImages.productId, full))
      .orderBy(asc(productImages.position));
    expect(data.images).toEqual(images.map((i) => ({ url: i.url, alt: i.alt })));
    expect(data.main_image).toBe(images[0]?.url);
    const [category] = await db().select().from(categories).where(eq(categories.id, data.category.id));
    expect(data.category).toEqual({ id: category?.id, name: category?.name, slug: category?.slug });
  });

  it("relates up to 8 active products of the same category, never the same product_code", async () => {
    const { full } = await sampleProducts();
    const { data, related_product } = (await detail(`product_pk=${full}`)).body as ProductDetailResponse;
    const candidates = await db()
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.isActive, true),
          eq(products.categoryId, data.category.id),
          ne(products.productCode, data.product_code),
        ),
      );
    expect(related_product).toHaveLength(Math.min(RELATED_LIMIT, candidates.length));
    expect(RELATED_LIMIT).toBe(8);
    for (const p of related_product) {
      expect(p).toMatchObject({ category_pk: data.category.id, is_active: true });
      expect(p.product_code).not.toBe(data.product_code);
    }
    expect(new Set(related_product.map((p) => p.id)).size).toBe(related_product.length);
  });

  it("answers a size the product is not sold in with 404 naming the size", async () => {
    const { partial } = await sampleProducts();
    const { status, body } = await detail(`product_pk=${partial}&size=XL`);
    expect(status).toBe(404);
    expect(body).toEqual({
      message: "This product is not available in size XL",
      code: "SIZE_NOT_AVAILABLE",
      errors: [],
    });
  });

  it("answers unknown and inactive products with 404 'Product not found'", async () => {
    const [inactive] = await db()
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, false))
      .limit(1);
    expect(inactive).toBeDefined();
    for (const id of [999_999, inactive?.id]) {
      const { status, body } = await detail(`product_pk=${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: "Product not found", code: "NOT_FOUND", errors: [] });
    }
  });

  it("accepts the path without its trailing slash", async () => {
    const { full } = await sampleProducts();
    expect((await app.inject(`/api/get-product-detail?product_pk=${full}`)).statusCode).toBe(200);
  });

  it.each([
    ["missing product", "size=S"],
    ["product not a number", "product_pk=abc"],
    ["negative product", "product_pk=-5"],
    ["huge product", "product_pk=1e30"],
    ["unknown size", "product_pk=1&size=XXL"],
    ["lower-case size", "product_pk=1&size=s"],
    ["huge size", `product_pk=1&size=${"S".repeat(10_000)}`],
    ["unknown currency", "product_pk=1&currency=JPY"],
  ])("answers bad input (%s) with 400 and the error body", async (_label, query) => {
    const { status, body } = await detail(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      message: expect.any(String),
      code: "VALIDATION_FAILED",
      errors: expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/^querystring\./) })]),
    });
  });
});
