import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ADD_ITEM_MESSAGES, type AdminProduct } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../catalog/tables";
import { createTestApp } from "../../testing/test-app";
import { auditLog } from "./tables";
import { call, productTaxFields, roles } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
let adminId: number;
let nextCode = 90_001;
let tax: Awaited<ReturnType<typeof productTaxFields>>;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin, adminId } = await roles(app));
  tax = await productTaxFields(app);
});
afterAll(() => app.close());

const post = (payload: unknown) => call(app, admin, "POST", "/api/admin/products", payload);
const patch = (id: number, payload: unknown) => call(app, admin, "PATCH", `/api/admin/products/${id}`, payload);

/** The add-item form as a seller fills it in (Women > dresses, one size). */
function form(overrides: Record<string, unknown> = {}) {
  return {
    product_name: "Saffron Block Print Wrap Dress",
    product_code: nextCode++,
    category: 1,
    subcategory: 1,
    size: "Medium",
    description: "A hand block printed cotton wrap dress in saffron and indigo.",
    offer_price: 49,
    mrp: 79,
    main_image: "/media/products/1001-1.webp",
    second_media: "https://images.example.in/wrap-dress-2.webp",
    remarks: "Batch 7",
    ...tax,
    ...overrides,
  };
}

/** A product in the shop (new products are drafts unless the seller activates them). */
async function created(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const res = await post(form({ is_active: true, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const auditRows = (id: number) =>
  app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe("POST /api/admin/products (the add-item form)", () => {
  it("answers every missing required field with the spec's text", async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      res.json().errors.map((e: { path: string; message: string }) => [e.path.replace(/^body\./, ""), e.message]),
    );
    expect(messages).toMatchObject({
      category: ADD_ITEM_MESSAGES.category,
      product_name: ADD_ITEM_MESSAGES.productName,
      description: ADD_ITEM_MESSAGES.description,
      offer_price: ADD_ITEM_MESSAGES.offerPrice,
      mrp: ADD_ITEM_MESSAGES.mrp,
    });
  });

  it.each([
    ["a blank name", { product_name: "   " }, "product_name", ADD_ITEM_MESSAGES.productName],
    ["an empty category", { category: "" }, "category", ADD_ITEM_MESSAGES.category],
    ["an unknown category", { category: 99 }, "category", ADD_ITEM_MESSAGES.category],
    ["an empty offer price", { offer_price: "" }, "offer_price", ADD_ITEM_MESSAGES.offerPrice],
    ["an empty MRP", { mrp: null }, "mrp", ADD_ITEM_MESSAGES.mrp],
    ["a blank description", { description: "" }, "description", ADD_ITEM_MESSAGES.description],
    ["a negative price", { offer_price: -1 }, "offer_price", "This cannot be negative"],
    ["a fraction of a cent", { mrp: 79.505 }, "mrp", "Use at most two decimals (cents)"],
    ["an offer above the MRP", { offer_price: 80 }, "offer_price", ADD_ITEM_MESSAGES.offerAboveMrp],
    ["a negative quantity", { quantity: -1 }, "quantity", "The quantity cannot be negative"],
    ["a subcategory of another category", { subcategory: 9 }, "subcategory", ADD_ITEM_MESSAGES.subcategoryMismatch],
    ["an unknown size", { size: "Huge" }, "size", "Choose Small, Medium, Large or One size"],
    [
      "a javascript: image",
      { third_media: "javascript:alert(1)" },
      "third_media",
      "Use an uploaded image (/media/...) or an https:// address",
    ],
    [
      "an http image",
      { main_image: "http://example.in/a.jpg" },
      "main_image",
      "Use an uploaded image (/media/...) or an https:// address",
    ],
    ["a missing product code", { product_code: undefined }, "product_code", ADD_ITEM_MESSAGES.productCode],
    [
      "a size listed twice",
      { sizes: [{ size: "M", offer_price: 1, mrp: 2 }] },
      "sizes.0.size",
      "Size M is listed twice",
    ],
  ])("refuses %s with a 400 naming the field, and stores nothing", async (_case, overrides, path, message) => {
    const body = form(overrides);
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: `body.${path}`, message });
    const [stored] = await app.database.db.select().from(products).where(eq(products.productCode, body.product_code));
    expect(stored).toBeUndefined();
  });

  it("creates the product as an inactive draft with the spec's other defaults (quantity 10, two flags on)", async () => {
    // The form leaves out quantity and the three flags.
    const body = form();
    for (const field of ["quantity", "is_active", "new_arrival", "top_selling"]) expect(body).not.toHaveProperty(field);
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const product: AdminProduct = res.json();
    expect(product).toMatchObject({
      product_code: body.product_code,
      product_name: body.product_name,
      category: 1,
      category_name: "Women",
      subcategory: 1,
      subcategory_name: "dresses",
      is_active: false,
      new_arrival: true,
      top_selling: true,
      rating: 0,
      remarks: "Batch 7",
      main_image: "/media/products/1001-1.webp",
      second_media: "https://images.example.in/wrap-dress-2.webp",
      third_media: null,
      sizes: [{ size: "M", offer_price: 49, mrp: 79, quantity: 10, offered: true }],
    });
    expect((await call(app, admin, "GET", `/api/admin/products/${product.id}`)).json()).toEqual(product);
  });

  it("accepts the form's values as strings and extra sizes with their own prices and stock", async () => {
    const product = await created({
      product_code: String(nextCode++),
      category: "2",
      subcategory: "16",
      size: "S",
      offer_price: "15",
      mrp: "25",
      quantity: "4",
      sizes: [{ size: "Large", offer_price: 22, mrp: 30, quantity: 0 }],
      is_active: true,
    });
    expect(product).toMatchObject({ category: 2, subcategory: 16, rating: 0 });
    expect(product.sizes).toMatchObject([
      { size: "S", offer_price: 15, mrp: 25, quantity: 4, offered: true },
      { size: "L", offer_price: 22, mrp: 30, quantity: 0, offered: true },
    ]);
  });

  it("refuses a product code already in use with a 409 and leaves the first product alone", async () => {
    const first = await created();
    const res = await post(form({ product_code: first.product_code, product_name: "Another" }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "DUPLICATE",
      errors: [{ path: "product_code", message: `A product with code ${first.product_code} already exists.` }],
    });
    expect((await call(app, admin, "GET", `/api/admin/products/${first.id}`)).json()).toEqual(first);
  });

  it("shows the new product at once in its listing, in search and on its page", async () => {
    const product = await created({
      product_name: "Marigold Mirrorwork Kaftan Zephyrine",
      subcategory: 7,
      top_selling: true,
      is_active: true,
    });
    const listing = await app.inject(`/api/get-all-products/?category_pk=1&sub_category_pk=7&page_size=48`);
    expect(listing.json().data.map((p: { id: number }) => p.id)).toContain(product.id);
    const search = await app.inject(`/api/search?query=${encodeURIComponent("zephyrine")}`);
    expect(search.json().data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    const byCategory = await app.inject(`/api/search?query=${encodeURIComponent("kaftan robes zephyrine")}`);
    expect(byCategory.json().data.map((p: { id: number }) => p.id)).toContain(product.id);
    const detail = await app.inject(`/api/get-product-detail/?product_pk=${product.id}&size=M`);
    expect(detail.json().data).toMatchObject({
      name: "Marigold Mirrorwork Kaftan Zephyrine",
      offer_price: 49,
      mrp: 79,
      stock: 10,
    });
    // The popular-products section is cached; the write invalidated it.
    const top = await app.inject("/api/product/get-top-selling-product/");
    expect(top.json().data.map((p: { id: number }) => p.id)).toContain(product.id);
  });

  it("records the creation in the audit log: who, and every field's value", async () => {
    const product = await created();
    const [row] = await auditRows(product.id);
    expect(row).toMatchObject({ actorUserId: adminId, action: "create", entity: "product" });
    expect(row?.changes).toMatchObject({
      product_name: { before: null, after: product.product_name },
      sizes: { before: null, after: [{ size: "M", offer_price: 49, mrp: 79, quantity: 10, offered: true }] },
    });
  });
});

describe("PATCH /api/admin/products/:id", () => {
  it("changes a size's price: the product page shows it, and the audit row holds before and after", async () => {
    const product = await created();
    const res = await patch(product.id, { size: "M", offer_price: 39 });
    expect(res.statusCode).toBe(200);
    // The rupee prices beside them are the spec's rule applied to the dollars: $39 gives ₹1319, $79 ₹2659.
    expect(res.json().sizes).toEqual([
      { size: "M", offer_price: 39, mrp: 79, quantity: 10, offered: true, offer_price_inr: 1319, mrp_inr: 2659 },
    ]);
    const detail = await app.inject(`/api/get-product-detail/?product_pk=${product.id}&size=M&currency=INR`);
    expect(detail.json().data).toMatchObject({ offer_price: 1319, mrp: 2659 });
    const rows = await auditRows(product.id);
    expect(rows.at(-1)).toMatchObject({
      action: "update",
      actorUserId: adminId,
      changes: {
        sizes: {
          before: [{ size: "M", offer_price: 49, mrp: 79, quantity: 10, offered: true }],
          after: [{ size: "M", offer_price: 39, mrp: 79, quantity: 10, offered: true }],
        },
      },
    });
  });

  it("adds sizes and changes stock per size; a new size needs both prices", async () => {
    const product = await created();
    const refused = await patch(product.id, { sizes: [{ size: "S", offer_price: 40 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: "sizes.0.mrp", message: ADD_ITEM_MESSAGES.mrp }]);
    const res = await patch(product.id, {
      sizes: [
        { size: "S", offer_price: 40, mrp: 60, quantity: 3, offered: true },
        { size: "M", quantity: 0 },
      ],
    });
    expect(res.json().sizes).toMatchObject([
      { size: "S", offer_price: 40, mrp: 60, quantity: 3, offered: true },
      { size: "M", offer_price: 49, mrp: 79, quantity: 0, offered: true },
    ]);
  });

  it("refuses an offer price above the stored MRP and changes nothing (no audit row either)", async () => {
    const product = await created();
    const before = await auditRows(product.id);
    const res = await patch(product.id, { product_name: "Renamed", size: "M", offer_price: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: "offer_price", message: ADD_ITEM_MESSAGES.offerAboveMrp }]);
    expect((await call(app, admin, "GET", `/api/admin/products/${product.id}`)).json()).toEqual(product);
    expect(await auditRows(product.id)).toHaveLength(before.length);
  });

  it("asks which size prices belong to", async () => {
    const product = await created();
    const res = await patch(product.id, { offer_price: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: "body.size", message: ADD_ITEM_MESSAGES.sizeForPrices });
  });

  it("deactivates a product: gone from the listing, search and its page; back when reactivated", async () => {
    const product = await created({ product_name: "Quetzal Jaal Print Maxi Dress" });
    expect((await patch(product.id, { is_active: false })).json().is_active).toBe(false);
    const listing = await app.inject(`/api/get-all-products/?category_pk=1&sub_category_pk=1&page_size=48`);
    expect(listing.json().data.map((p: { id: number }) => p.id)).not.toContain(product.id);
    expect((await app.inject("/api/search?query=quetzal")).json().data).toEqual([]);
    expect((await app.inject(`/api/get-product-detail/?product_pk=${product.id}&size=M`)).statusCode).toBe(404);
    // The back office still lists it.
    const admins = await call(app, admin, "GET", `/api/admin/products?query=quetzal`);
    expect(admins.json().data.map((p: { id: number; is_active: boolean }) => [p.id, p.is_active])).toEqual([
      [product.id, false],
    ]);

    await patch(product.id, { is_active: true });
    expect((await app.inject("/api/search?query=quetzal")).json().data.map((p: { id: number }) => p.id)).toEqual([
      product.id,
    ]);
  });

  it("renames, moves category (clearing a subcategory that no longer fits) and search follows", async () => {
    const product = await created({ product_name: "Plain Listing Xylograph" });
    const res = await patch(product.id, {
      product_name: "Bagru Xylograph Cushion Cover",
      category: 2,
      description: "Dabu cushion.",
    });
    expect(res.json()).toMatchObject({ category: 2, subcategory: null, product_name: "Bagru Xylograph Cushion Cover" });
    const moved = await patch(product.id, { subcategory: 16 });
    expect(moved.json()).toMatchObject({ subcategory: 16, subcategory_name: "cushion cover" });
    const search = await app.inject("/api/search?query=xylograph");
    expect(search.json().data).toMatchObject([
      { id: product.id, product_name: "Bagru Xylograph Cushion Cover", category_pk: 2 },
    ]);
    const wrong = await patch(product.id, { subcategory: 1 });
    expect(wrong.statusCode).toBe(400);
  });

  it("changes the images slot by slot; an emptied slot closes up", async () => {
    const product = await created();
    const res = await patch(product.id, { third_media: "/media/uploads/abc.webp", main_image: null });
    expect(res.json()).toMatchObject({
      main_image: "https://images.example.in/wrap-dress-2.webp",
      second_media: "/media/uploads/abc.webp",
      third_media: null,
    });
  });

  it("toggles top selling, and a product code taken by another product is a 409", async () => {
    const one = await created({ top_selling: false });
    const two = await created();
    expect((await patch(one.id, { top_selling: true })).json().top_selling).toBe(true);
    const res = await patch(one.id, { product_code: two.product_code });
    expect(res.statusCode).toBe(409);
    expect((await call(app, admin, "GET", `/api/admin/products/${one.id}`)).json().product_code).toBe(one.product_code);
  });

  it("answers 404 for an unknown product", async () => {
    expect((await patch(999_999, { is_active: false })).statusCode).toBe(404);
  });
});

describe("prices typed in rupees (issue 40 point 15)", () => {
  it("derives the USD prices from rupee prices by the spec's rule and keeps the product's choice", async () => {
    const { offer_price: _o, mrp: _m, ...rest } = form();
    const res = await post({ ...rest, offer_price_inr: 899, mrp_inr: 1199, price_entry_currency: "INR" });
    expect(res.statusCode, res.body).toBe(201);
    const product: AdminProduct = res.json();
    expect(product.price_entry_currency).toBe("INR");
    // ₹899 comes from $26.46 to $26.75: the smallest is stored; ₹1199 from $35.39.
    expect(product.sizes).toEqual([
      { size: "M", offer_price: 26.46, mrp: 35.39, quantity: 10, offered: true, offer_price_inr: 899, mrp_inr: 1199 },
    ]);
    const changed = await patch(product.id, {
      sizes: [
        { size: "M", mrp_inr: 1299 },
        { size: "L", offer_price_inr: 999, mrp_inr: 1299 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().sizes).toMatchObject([
      { size: "M", offer_price_inr: 899, mrp_inr: 1299 },
      { size: "L", offer_price_inr: 999, mrp_inr: 1299 },
    ]);
    const back = await patch(product.id, { price_entry_currency: "USD" });
    expect(back.json().price_entry_currency).toBe("USD");
  });

  it("refuses a rupee price the rule cannot reach, naming the nearest ones, and changes nothing", async () => {
    const product = await created();
    const res = await patch(product.id, { sizes: [{ size: "M", offer_price_inr: 900 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: "body.sizes.0.offer_price_inr",
        message: "₹900 cannot be reached: rupee prices end in 9. Type ₹899 or ₹909.",
      },
    ]);
    const above = await patch(product.id, { sizes: [{ size: "M", offer_price_inr: 2669 }] });
    // Above the stored MRP ($79, ₹2659): the server's check, on the dollars derived.
    expect(above.json().errors).toEqual([{ path: "sizes.0.offer_price", message: ADD_ITEM_MESSAGES.offerAboveMrp }]);
    const both = await patch(product.id, { sizes: [{ size: "M", offer_price: 30, offer_price_inr: 899 }] });
    expect(both.json().errors).toEqual([
      { path: "body.sizes.0.offer_price_inr", message: "Give the offer price in US dollars or in rupees, not both" },
    ]);
    for (const bad of [12.5, -9, "abc"]) {
      expect((await patch(product.id, { sizes: [{ size: "M", mrp_inr: bad }] })).statusCode).toBe(400);
    }
    expect((await patch(product.id, { price_entry_currency: "EUR" })).statusCode).toBe(400);
    expect((await call(app, admin, "GET", `/api/admin/products/${product.id}`)).json()).toEqual(product);
  });
});

describe("GET /api/admin/products", () => {
  it("finds by name or code, includes inactive products, pages and filters", async () => {
    const product = await created({ product_name: "Ombré Vellum Test Runner" });
    const byCode = await call(app, admin, "GET", `/api/admin/products?query=${product.product_code}`);
    expect(byCode.json().data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    const byName = (await call(app, admin, "GET", "/api/admin/products?query=VELLUM")).json();
    expect(byName).toMatchObject({
      total: 1,
      data: [
        {
          id: product.id,
          offer_price: 49,
          mrp: 79,
          stock: 10,
          sizes: ["M"],
          main_image: "/media/products/1001-1.webp",
        },
      ],
    });
    const wildcard = await call(app, admin, "GET", "/api/admin/products?query=%25");
    expect(wildcard.json().total).toBe(0);

    const inactive = (await call(app, admin, "GET", "/api/admin/products?is_active=false&page_size=100")).json();
    expect(inactive.total).toBeGreaterThan(0);
    expect(inactive.data.every((p: { is_active: boolean }) => !p.is_active)).toBe(true);

    const page1 = (await call(app, admin, "GET", "/api/admin/products?category_pk=1&page_size=5")).json();
    const page2 = (await call(app, admin, "GET", "/api/admin/products?category_pk=1&page_size=5&page=2")).json();
    expect(page1.total).toBe(page2.total);
    expect(page1.data).toHaveLength(5);
    expect(new Set([...page1.data, ...page2.data].map((p: { id: number }) => p.id)).size).toBe(10);
    expect((await call(app, admin, "GET", "/api/admin/products?page_size=500")).statusCode).toBe(400);
  });
});
