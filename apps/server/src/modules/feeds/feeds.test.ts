import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_PATHS } from "@store/shared";
import { createTestApp } from "../../testing/test-app";
import { call, newStaff, productTaxFields, roles } from "../admin/test-support";
import { GOOGLE_NS, META_COLUMNS } from "./formats";

const PUBLIC_URL = "https://shop.example.in";
const GOOGLE = FEED_PATHS.google;
const META = FEED_PATHS.meta;

let app: FastifyInstance;
let owner: Record<string, string>;
let tax: Awaited<ReturnType<typeof productTaxFields>>;
let nextCode = 94_001;

beforeAll(async () => {
  app = await createTestApp({ config: { publicUrl: `${PUBLIC_URL}/` } });
  ({ admin: owner } = await roles(app));
  tax = await productTaxFields(app);
});
afterAll(() => app.close());

type Item = Record<string, unknown>;
/** The feed's items, each `g:` attribute by its name without the prefix; repeated ones as arrays. */
function googleItems(xml: string): { rss: Record<string, unknown>; items: Item[] } {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => ["item", "g:additional_image_link", "g:shipping"].includes(name),
  }).parse(xml) as { rss: Record<string, unknown> & { channel: { item?: Item[] } } };
  const items = (doc.rss.channel.item ?? []).map((item) =>
    Object.fromEntries(Object.entries(item).map(([k, v]) => [k.replace(/^g:/, ""), v])),
  );
  return { rss: doc.rss, items };
}

const text = (v: unknown) => String(v);
const isAbsoluteHttps = (url: unknown) => typeof url === "string" && /^https:\/\/[^\s]+$/.test(url) && !!new URL(url);

/** A product made through the back office as a seller makes one, active, with one size M. */
async function newProduct(overrides: Record<string, unknown> = {}): Promise<{ id: number; code: number }> {
  const code = nextCode++;
  const res = await call(app, owner, "POST", "/api/admin/products", {
    product_name: `Indigo Dabu Kurta ${code}`,
    product_code: code,
    category: 1,
    subcategory: 1,
    size: "Medium",
    description: 'Hand block printed, "dabu" mud-resist; cotton, indigo, and a long line, with commas.',
    offer_price: 49,
    mrp: 79,
    quantity: 4,
    main_image: "/media/products/1001-1.webp",
    second_media: "https://images.example.in/kurta-2.webp",
    is_active: true,
    ...tax,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, code };
}

describe("Google Merchant Center feed", () => {
  it("is well-formed RSS 2.0 in Google's namespace, every item with the required attributes in their formats", async () => {
    const res = await app.inject(`${GOOGLE}?currency=INR`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const { rss, items } = googleItems(res.body);
    expect(rss["@_version"]).toBe("2.0");
    expect(rss["@_xmlns:g"]).toBe(GOOGLE_NS);
    expect(items.length).toBeGreaterThan(100);
    const ids = items.map((i) => text(i.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of items) {
      for (const field of ["id", "title", "description", "link", "image_link", "availability", "price", "brand"])
        expect(text(item[field] ?? "").length, `${field} of ${text(item.id)}`).toBeGreaterThan(0);
      expect(text(item.id).length).toBeLessThanOrEqual(50);
      expect(text(item.title).length).toBeLessThanOrEqual(150);
      expect(text(item.description).length).toBeLessThanOrEqual(5000);
      expect(isAbsoluteHttps(item.link)).toBe(true);
      expect(text(item.link).startsWith(`${PUBLIC_URL}/product/`)).toBe(true);
      expect(isAbsoluteHttps(item.image_link)).toBe(true);
      for (const url of (item.additional_image_link as unknown[] | undefined) ?? [])
        expect(isAbsoluteHttps(url)).toBe(true);
      expect(((item.additional_image_link as unknown[] | undefined) ?? []).length).toBeLessThanOrEqual(10);
      expect(["in_stock", "out_of_stock", "preorder", "backorder"]).toContain(item.availability);
      expect(item.condition).toBe("new");
      expect(text(item.price)).toMatch(/^\d+\.\d{2} INR$/);
      if (item.sale_price !== undefined) {
        expect(text(item.sale_price)).toMatch(/^\d+\.\d{2} INR$/);
        expect(parseFloat(text(item.sale_price))).toBeLessThan(parseFloat(text(item.price)));
      }
      expect(item.identifier_exists).toBe("no");
      expect(text(item.google_product_category)).toMatch(/^[A-Z][\w &]+( > [\w &]+)*$/);
      expect(text(item.shipping_weight)).toMatch(/^\d+ g$/);
      expect(text(item.size).length).toBeGreaterThan(0);
      expect(text(item.item_group_id).length).toBeLessThanOrEqual(50);
    }
  });

  it("groups each product's sizes under one item_group_id with the same title, page and type", async () => {
    const { items } = googleItems((await app.inject(`${GOOGLE}?currency=INR`)).body);
    const groups = new Map<string, Item[]>();
    for (const item of items)
      groups.set(text(item.item_group_id), [...(groups.get(text(item.item_group_id)) ?? []), item]);
    expect([...groups.values()].some((g) => g.length > 1)).toBe(true);
    for (const group of groups.values()) {
      const page = (i: Item) => text(i.link).split("?")[0];
      expect(new Set(group.map((i) => text(i.title))).size).toBe(1);
      expect(new Set(group.map(page)).size).toBe(1);
      expect(new Set(group.map((i) => text(i.product_type))).size).toBe(1);
      expect(new Set(group.map((i) => text(i.size))).size).toBe(group.length);
    }
  });

  it("prices each size as the product page does, and ships in India as the checkout charges", async () => {
    const product = await newProduct();
    const { items } = googleItems((await app.inject(`${GOOGLE}?currency=INR`)).body);
    const item = items.find((i) => i.id === `${product.code}-M`);
    expect(item).toBeDefined();
    const detail = (await app.inject(`/api/get-product-detail/?product_pk=${product.id}&size=M&currency=INR`)).json()
      .data as { offer_price: number; mrp: number };
    expect(item?.price).toBe(`${detail.mrp}.00 INR`);
    expect(item?.sale_price).toBe(`${detail.offer_price}.00 INR`);
    expect(item?.link).toBe(`${PUBLIC_URL}/product/${product.id}?size=M`);
    expect(item?.image_link).toBe(`${PUBLIC_URL}/media/products/1001-1.webp`);
    expect(item?.additional_image_link).toEqual(["https://images.example.in/kurta-2.webp"]);
    expect(item?.availability).toBe("in_stock");
    // Standard is free in India; express is the seller's fee (seeded at ₹99).
    expect(item?.shipping).toEqual([
      { "g:country": "IN", "g:service": "Standard delivery", "g:price": "0.00 INR" },
      { "g:country": "IN", "g:service": "Express delivery", "g:price": "99.00 INR" },
    ]);
  });

  it("answers the dollar prices shown abroad, with shipping from the rate cards for the country asked", async () => {
    const product = await newProduct();
    const us = googleItems((await app.inject(`${GOOGLE}?currency=USD`)).body).items;
    const item = us.find((i) => i.id === `${product.code}-M`);
    // $49 offer and $79 MRP are whole dollars already; 500 g is the first half kilo of the world zone's cards.
    expect(item?.price).toBe("79.00 USD");
    expect(item?.sale_price).toBe("49.00 USD");
    expect(item?.shipping).toEqual([
      { "g:country": "US", "g:service": "International standard", "g:price": "18.00 USD" },
      { "g:country": "US", "g:service": "International express", "g:price": expect.stringMatching(/^\d+\.00 USD$/) },
    ]);
    const ae = await app.inject(`${GOOGLE}?currency=USD&country=AE`);
    expect(ae.statusCode).toBe(200);
    const near = googleItems(ae.body).items.find((i) => i.id === `${product.code}-M`);
    expect((near?.shipping as Item[])[0]).toEqual({
      "g:country": "AE",
      "g:service": "International standard",
      "g:price": "12.00 USD",
    });
  });
});

describe("Meta catalogue CSV", () => {
  it("has Meta's column names and one quoted row per item of the Google feed", async () => {
    const product = await newProduct();
    const res = await app.inject(`${META}?currency=INR`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const [header = ""] = res.body.split("\n");
    expect(header.split(",")).toEqual([...META_COLUMNS]);
    const rows = parse(res.body, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    const googleCount = googleItems((await app.inject(`${GOOGLE}?currency=INR`)).body).items.length;
    expect(rows.length).toBe(googleCount);
    for (const row of rows) {
      expect(["in stock", "out of stock"]).toContain(row.availability);
      expect(row.condition).toBe("new");
      expect(row.price).toMatch(/^\d+\.\d{2} INR$/);
      expect(row.sale_price === "" || /^\d+\.\d{2} INR$/.test(row.sale_price ?? "")).toBe(true);
      expect(isAbsoluteHttps(row.link) && isAbsoluteHttps(row.image_link)).toBe(true);
      expect((row.title ?? "").length).toBeLessThanOrEqual(150);
    }
    // Quotes and commas inside a field survive the round trip.
    const mine = rows.find((r) => r.id === `${product.code}-M`);
    expect(mine?.description).toBe(
      'Hand block printed, "dabu" mud-resist; cotton, indigo, and a long line, with commas.',
    );
    expect(res.body).toContain('"Hand block printed, ""dabu"" mud-resist;');
  });
});

describe("always current, with ETags", () => {
  it("answers 304 to its own ETag, and a new feed with a new ETag once the owner changes a price", async () => {
    const product = await newProduct();
    const first = await app.inject(`${GOOGLE}?currency=INR`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const again = await app.inject({ url: `${GOOGLE}?currency=INR`, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const edit = await call(app, owner, "PATCH", `/api/admin/products/${product.id}`, { size: "M", offer_price: 39 });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await app.inject({ url: `${GOOGLE}?currency=INR`, headers: { "if-none-match": etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const item = googleItems(after.body).items.find((i) => i.id === `${product.code}-M`);
    // $39 at the spec's rule: ₹1319.
    expect(item?.sale_price).toBe("1319.00 INR");
  });
});

describe("products left out", () => {
  it("leaves out inactive products and those without a picture, and the back office says why", async () => {
    const hidden = await newProduct();
    const bare = await newProduct();
    expect((await call(app, owner, "PATCH", `/api/admin/products/${hidden.id}`, { is_active: false })).statusCode).toBe(
      200,
    );
    expect((await call(app, owner, "PATCH", `/api/admin/products/${bare.id}`, { images: [] })).statusCode).toBe(200);
    const { items } = googleItems((await app.inject(`${GOOGLE}?currency=INR`)).body);
    expect(items.some((i) => text(i.item_group_id) === String(hidden.code))).toBe(false);
    expect(items.some((i) => text(i.item_group_id) === String(bare.code))).toBe(false);

    const res = await call(app, owner, "GET", "/api/admin/feeds");
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      feeds: { format: string; currency: string; url: string; built_at: string; products: number; items: number }[];
      excluded: { product_id: number; reasons: string[] }[];
    };
    expect(body.feeds.map((f) => `${f.format} ${f.currency}`)).toEqual([
      "google INR",
      "google USD",
      "meta INR",
      "meta USD",
    ]);
    expect(body.feeds[0]?.url).toBe(`${PUBLIC_URL}${GOOGLE}?currency=INR`);
    expect(body.feeds[0]?.items).toBe(items.length);
    expect(body.feeds[0]?.products).toBe(new Set(items.map((i) => text(i.item_group_id))).size);
    expect(Date.parse(body.feeds[0]?.built_at ?? "")).not.toBeNaN();
    expect(body.excluded.find((e) => e.product_id === hidden.id)?.reasons).toEqual(["inactive"]);
    expect(body.excluded.find((e) => e.product_id === bare.id)?.reasons).toEqual(["no_image"]);
  });

  it("is the owner's screen: guests are asked to sign in, staff refused", async () => {
    expect((await app.inject("/api/admin/feeds")).statusCode).toBe(401);
    const staff = await newStaff(app, owner);
    expect((await call(app, staff.headers, "GET", "/api/admin/feeds")).statusCode).toBe(403);
  });
});

describe("bad input", () => {
  it("answers an unknown feed 404, and an unknown currency or a country the prices are not for 400", async () => {
    expect((await app.inject("/feeds/bing.xml")).statusCode).toBe(404);
    for (const query of [
      "currency=EUR",
      "currency=INR&country=US",
      "currency=USD&country=IN",
      "currency=USD&country=ZZ",
      "currency=USD&country=us",
    ]) {
      const res = await app.inject(`${GOOGLE}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/\w/);
      expect((await app.inject(`${META}?${query}`)).statusCode, query).toBe(400);
    }
  });
});
