import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { LOW_STOCK_THRESHOLD, type AdminProduct } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lowStock } from "../catalog/admin-read";
import { productVariants } from "../catalog/tables";
import { createTestApp } from "../../testing/test-app";
import { call, productTaxFields, roles } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
let code = 91_001;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin } = await roles(app));
});
afterAll(() => app.close());

const api = (method: "GET" | "POST" | "PATCH", path: string, payload?: unknown) =>
  call(app, admin, method, `/api/admin${path}`, payload);

async function created(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const res = await api("POST", "/products", {
    product_name: "Indigo Kantha Cushion Cover",
    product_code: code++,
    category: 2,
    size: "S",
    description: "Hand stitched kantha on old cotton.",
    offer_price: 26.46,
    mrp: 30,
    is_active: true,
    main_image: "/media/products/1001-1.webp",
    ...(await productTaxFields(app)),
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const detail = (id: number, query = "") => app.inject(`/api/get-product-detail/?product_pk=${id}${query}`);

describe("prices with cents", () => {
  it("stores cents: INR by the spec's rule, USD shoppers see and pay whole dollars rounded up", async () => {
    const product = await created();
    expect(product.sizes[0]).toMatchObject({ offer_price: 26.46, mrp: 30 });
    expect((await detail(product.id, "&currency=INR")).json().data).toMatchObject({ offer_price: 899, mrp: 1009 });
    expect((await detail(product.id, "&currency=USD")).json().data).toMatchObject({ offer_price: 27, mrp: 30 });
    const cart = await app.inject({
      method: "POST",
      url: "/api/cart-items/",
      payload: { product_pk: product.id, size: "S", quantity: 2, offer_price: 27, mrp: 30, currency: "USD" },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const lines = (await app.inject(`/api/get-cart-items/?cart_id=${cart.json().cart_id}`)).json();
    expect(JSON.stringify(lines)).toContain('"offer_price":27');
  });

  it("refuses negative numbers with a message and changes nothing", async () => {
    const product = await created();
    for (const [body, path, message] of [
      [{ sizes: [{ size: "S", quantity: -1 }] }, "body.sizes.0.quantity", "The quantity cannot be negative"],
      [{ sizes: [{ size: "S", offer_price: -5 }] }, "body.sizes.0.offer_price", "This cannot be negative"],
      [{ size: "S", mrp: -1 }, "body.mrp", "This cannot be negative"],
    ] as const) {
      const res = await api("PATCH", `/products/${product.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    expect((await api("GET", `/products/${product.id}`)).json()).toEqual(product);
  });
});

describe("catalogue tools", () => {
  it("suggests the next free product code", async () => {
    const product = await created({ product_code: 99_500 });
    const res = await api("GET", "/products/next-code");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ product_code: product.product_code + 1 });
  });

  it("duplicates a product as an inactive draft with the next code, its images and sizes at stock 0", async () => {
    const source = await created({
      sizes: [{ size: "M", offer_price: 31, mrp: 40, quantity: 5 }],
      seo_title: "Kantha",
    });
    const { product_code: next } = (await api("GET", "/products/next-code")).json();
    const res = await api("POST", `/products/${source.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy: AdminProduct = res.json();
    expect(copy).toMatchObject({
      product_code: next,
      product_name: `${source.product_name} (copy)`,
      is_active: false,
      category: source.category,
      description: source.description,
      seo_title: "Kantha",
      images: source.images,
      sizes: source.sizes.map((s) => ({ ...s, quantity: 0 })),
    });
    expect(copy.id).not.toBe(source.id);
    expect((await detail(copy.id)).statusCode).toBe(404);
    expect((await api("POST", "/products/999999/duplicate")).statusCode).toBe(404);
  });

  it("sells a product in one size: the shop opens it on that size and names it One size", async () => {
    const product = await created({ size: "One size", offer_price: 12, mrp: 15 });
    expect(product.sizes).toMatchObject([{ size: "ONE", offer_price: 12, mrp: 15, quantity: 10, offered: true }]);
    const page = (await detail(product.id)).json().data;
    expect(page).toMatchObject({ size: "ONE", sizes: [{ size: "ONE" }] });
    const mixed = await api("PATCH", `/products/${product.id}`, { sizes: [{ size: "M", offer_price: 1, mrp: 2 }] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors[0].message).toMatch(/One size cannot be sold beside other sizes/);
  });

  it("reorders images and gives each an alt text, which the shop's gallery uses", async () => {
    const product = await created({ second_media: "https://images.example.in/b.webp" });
    const res = await api("PATCH", `/products/${product.id}`, {
      images: [
        { url: "https://images.example.in/b.webp", alt: "Cushion on a jute chair" },
        { url: "/media/products/1001-1.webp", alt: "Kantha stitches up close" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ main_image: "https://images.example.in/b.webp" });
    expect((await detail(product.id)).json().data.images).toEqual([
      { url: "https://images.example.in/b.webp", alt: "Cushion on a jute chair" },
      { url: "/media/products/1001-1.webp", alt: "Kantha stitches up close" },
    ]);
    const twice = await api("PATCH", `/products/${product.id}`, {
      images: [{ url: "/media/products/1001-1.webp" }, { url: "/media/products/1001-1.webp" }],
    });
    expect(twice.statusCode).toBe(400);
  });

  it("keeps SEO title and description and hands them to the product page", async () => {
    const product = await created();
    const res = await api("PATCH", `/products/${product.id}`, {
      seo_title: "Kantha cushion cover, hand stitched",
      seo_description: "Old cotton saris layered and stitched by hand in Bengal.",
    });
    expect(res.statusCode).toBe(200);
    expect((await detail(product.id)).json().data).toMatchObject({
      seo_title: "Kantha cushion cover, hand stitched",
      seo_description: "Old cotton saris layered and stitched by hand in Bengal.",
    });
  });

  it("ignores a typed rating: it comes from reviews", async () => {
    const product = await created({ rating: 5 });
    expect(product.rating).toBe(0);
    expect((await api("PATCH", `/products/${product.id}`, { rating: 4 })).json().rating).toBe(0);
  });
});

describe("retired sizes and low stock", () => {
  it("retires a size without deleting it: gone from the shop and the cart, out of low stock", async () => {
    const product = await created({ quantity: 1, sizes: [{ size: "M", offer_price: 20, mrp: 30, quantity: 1 }] });
    const low = async () => (await lowStock(app.database.db)).filter((r) => r.product_id === product.id);
    expect((await low()).map((r) => r.size).sort()).toEqual(["M", "S"]);
    const listed = async () =>
      (await api("GET", `/products?low_stock=true&query=${product.product_code}`))
        .json()
        .data.map((p: AdminProduct) => p.id);
    expect(await listed()).toEqual([product.id]);

    const res = await api("PATCH", `/products/${product.id}`, { sizes: [{ size: "M", offered: false }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().sizes).toContainEqual(
      expect.objectContaining({ size: "M", offer_price: 20, mrp: 30, quantity: 1, offered: false }),
    );
    expect((await low()).map((r) => r.size)).toEqual(["S"]);
    expect((await detail(product.id)).json().data.sizes.map((s: { size: string }) => s.size)).toEqual(["S"]);
    const add = await app.inject({
      method: "POST",
      url: "/api/cart-items/",
      payload: { product_pk: product.id, size: "M", quantity: 1, offer_price: 20, mrp: 30, currency: "USD" },
    });
    expect(add.statusCode).toBe(404);
    const rows = await app.database.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    expect(rows).toHaveLength(2);

    await api("PATCH", `/products/${product.id}`, { sizes: [{ size: "S", quantity: LOW_STOCK_THRESHOLD + 1 }] });
    expect(await low()).toEqual([]);
    expect(await listed()).toEqual([]);
    // An inactive product is not low stock either, whatever its sizes hold.
    await api("PATCH", `/products/${product.id}`, { is_active: false, sizes: [{ size: "S", quantity: 0 }] });
    expect(await low()).toEqual([]);
  });
});

describe("where new products appear in listings", () => {
  it("lists oldest first until the seller chooses newest first, and refuses anything else", async () => {
    const listing = async () =>
      (await app.inject("/api/get-all-products/?category_pk=2&page_size=48"))
        .json()
        .data.map((p: { id: number }) => p.id);
    const newest = await created();
    expect((await api("GET", "/catalogue-settings")).json()).toEqual({ listing_order: "oldest_first" });
    expect((await listing())[0]).not.toBe(newest.id);

    const bad = await api("PATCH", "/catalogue-settings", { listing_order: "random" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: "body.listing_order", message: "Choose newest first or oldest first" }]);
    expect((await api("GET", "/catalogue-settings")).json()).toEqual({ listing_order: "oldest_first" });

    const res = await api("PATCH", "/catalogue-settings", { listing_order: "newest_first" });
    expect(res.json()).toEqual({ listing_order: "newest_first" });
    // The listing is cached; the change marked it stale.
    expect((await listing())[0]).toBe(newest.id);
    await api("PATCH", "/catalogue-settings", { listing_order: "oldest_first" });
    expect((await listing())[0]).not.toBe(newest.id);
  });
});
