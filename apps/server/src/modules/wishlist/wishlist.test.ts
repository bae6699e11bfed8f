import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { priceIn, WISHLIST_LIMIT } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newAdmin } from "../admin/test-support";
import { products } from "../catalog/tables";
import { wishlistItems } from "./tables";
import { ownProduct, setStock } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
let shopper: Record<string, string>;
let shopperId: number;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await newAdmin(app)).headers;
  const signedUp = await newShopper(app);
  shopper = tokenHeader(signedUp.token);
  shopperId = signedUp.user.id;
});
afterAll(() => app.close());

const rows = async () =>
  (await app.database.db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, shopperId)))[0]?.n;

async function freshShopper() {
  const signedUp = await newShopper(app);
  return tokenHeader(signedUp.token);
}

describe("a signed-in shopper's wishlist", () => {
  it("saves, lists newest first with today's price per currency and stock by size, and removes (both idempotent)", async () => {
    const me = await freshShopper();
    const first = await ownProduct(app, admin, { stockS: 0, stockM: 3 });
    const second = await ownProduct(app, admin, { stockS: 9, stockM: 1 });
    expect((await call(app, me, "PUT", `/api/wishlist/${first.id}`)).json()).toEqual({ product_ids: [first.id] });
    expect((await call(app, me, "PUT", `/api/wishlist/${second.id}`)).json()).toEqual({
      product_ids: [second.id, first.id],
    });
    // Twice is once.
    expect((await call(app, me, "PUT", `/api/wishlist/${first.id}`)).json()).toEqual({
      product_ids: [second.id, first.id],
    });

    const inr = await call(app, me, "GET", "/api/wishlist/?currency=INR");
    expect(inr.statusCode).toBe(200);
    expect(inr.headers["cache-control"]).toBe("private, no-store");
    expect(inr.json().currency).toBe("INR");
    expect(inr.json().data.map((item: { id: number }) => item.id)).toEqual([second.id, first.id]);
    expect(inr.json().data[1]).toMatchObject({
      id: first.id,
      product_name: first.product_name,
      is_active: true,
      currency: "INR",
      offer_price: priceIn("INR", 4000),
      sizes: [
        { size: "S", offer_price: priceIn("INR", 4000), mrp: priceIn("INR", 6000), stock: 0 },
        { size: "M", offer_price: priceIn("INR", 4500), mrp: priceIn("INR", 6500), stock: 3 },
      ],
    });
    const usd = await call(app, me, "GET", "/api/wishlist/?currency=USD");
    expect(usd.json().data[1].sizes[1]).toEqual({ size: "M", offer_price: 45, mrp: 65, stock: 3 });

    expect((await call(app, me, "DELETE", `/api/wishlist/${second.id}`)).json()).toEqual({ product_ids: [first.id] });
    expect((await call(app, me, "DELETE", `/api/wishlist/${second.id}`)).json()).toEqual({ product_ids: [first.id] });
  });

  it("keeps a product the seller withdrew, marked no longer sold, but refuses to save one", async () => {
    const me = await freshShopper();
    const kept = await ownProduct(app, admin);
    const withdrawn = await ownProduct(app, admin);
    await call(app, me, "PUT", `/api/wishlist/${kept.id}`);
    await call(app, admin, "PATCH", `/api/admin/products/${withdrawn.id}`, { is_active: false });
    await call(app, admin, "PATCH", `/api/admin/products/${kept.id}`, { is_active: false });
    const list = await call(app, me, "GET", "/api/wishlist/");
    expect(list.json().data).toMatchObject([{ id: kept.id, is_active: false }]);
    const refused = await call(app, me, "PUT", `/api/wishlist/${withdrawn.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: "Product not found", code: "NOT_FOUND" });
    expect((await call(app, me, "GET", "/api/wishlist/")).json().data).toHaveLength(1);
  });

  it("refuses an unknown product, a guest and a bad id, changing nothing", async () => {
    const before = await rows();
    const [last] = await app.database.db.select({ n: count() }).from(products);
    const unknown = await call(app, shopper, "PUT", `/api/wishlist/${(last?.n ?? 0) + 100_000}`);
    expect(unknown.statusCode).toBe(404);
    expect((await call(app, {}, "PUT", "/api/wishlist/1")).statusCode).toBe(401);
    expect((await call(app, {}, "GET", "/api/wishlist/")).statusCode).toBe(401);
    expect((await call(app, {}, "POST", "/api/wishlist/merge", { product_ids: [1] })).statusCode).toBe(401);
    expect((await call(app, shopper, "PUT", "/api/wishlist/abc")).statusCode).toBe(400);
    expect((await call(app, shopper, "DELETE", "/api/wishlist/-1")).statusCode).toBe(400);
    expect((await call(app, shopper, "GET", "/api/wishlist/?currency=EUR")).statusCode).toBe(400);
    expect(await rows()).toBe(before);
  });

  it("refuses a product past the cap with a 422", async () => {
    const me = await newShopper(app);
    // A full list of bare products made for it (the seeded catalogue may hold fewer than the cap).
    const filler = await app.database.db
      .insert(products)
      .values(
        Array.from({ length: WISHLIST_LIMIT }, (_, i) => ({
          productCode: 95_000 + i,
          name: `Filler ${i}`,
          description: "A piece that fills a wishlist.",
          categoryId: 1,
        })),
      )
      .returning({ id: products.id });
    await app.database.db.insert(wishlistItems).values(filler.map(({ id }) => ({ userId: me.user.id, productId: id })));
    const extra = await ownProduct(app, admin);
    const refused = await call(app, tokenHeader(me.token), "PUT", `/api/wishlist/${extra.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("WISHLIST_FULL");
    const merged = await call(app, tokenHeader(me.token), "POST", "/api/wishlist/merge", { product_ids: [extra.id] });
    expect(merged.json().product_ids).toHaveLength(WISHLIST_LIMIT);
    expect(merged.json().product_ids).not.toContain(extra.id);
  });
});

describe("merging a guest's list at login", () => {
  it("adds the browser's products before the account's, skipping unknown and withdrawn ones and repeats", async () => {
    const me = await freshShopper();
    const [saved, a, b, withdrawn] = [
      await ownProduct(app, admin),
      await ownProduct(app, admin),
      await ownProduct(app, admin),
      await ownProduct(app, admin),
    ];
    await call(app, admin, "PATCH", `/api/admin/products/${withdrawn!.id}`, { is_active: false });
    await call(app, me, "PUT", `/api/wishlist/${saved!.id}`);
    const merge = await call(app, me, "POST", "/api/wishlist/merge", {
      product_ids: [b!.id, a!.id, saved!.id, withdrawn!.id, 2_000_000_000, b!.id],
    });
    expect(merge.statusCode).toBe(200);
    expect(merge.json().product_ids).toEqual([b!.id, a!.id, saved!.id]);
    // Once more changes nothing.
    const again = await call(app, me, "POST", "/api/wishlist/merge", { product_ids: [a!.id, b!.id] });
    expect(again.json().product_ids).toEqual([b!.id, a!.id, saved!.id]);
  });

  it("refuses a list over the cap or of the wrong shape, changing nothing", async () => {
    const before = await rows();
    const big = Array.from({ length: WISHLIST_LIMIT + 1 }, (_, i) => i + 1);
    expect((await call(app, shopper, "POST", "/api/wishlist/merge", { product_ids: big })).statusCode).toBe(400);
    expect((await call(app, shopper, "POST", "/api/wishlist/merge", { product_ids: ["x"] })).statusCode).toBe(400);
    expect((await call(app, shopper, "POST", "/api/wishlist/merge", {})).statusCode).toBe(400);
    expect(await rows()).toBe(before);
  });
});

describe("a guest's browser-held list", () => {
  it("answers the cards in the order asked, leaving unknown ids out", async () => {
    const a = await ownProduct(app, admin, { stockS: 2, stockM: 0 });
    const b = await ownProduct(app, admin);
    const res = await app.inject({ url: `/api/wishlist/products?ids=${b.id},999999999,${a.id}&currency=INR` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((item: { id: number }) => item.id)).toEqual([b.id, a.id]);
    expect(res.json().data[1].sizes).toEqual([
      { size: "S", offer_price: priceIn("INR", 4000), mrp: priceIn("INR", 6000), stock: 2 },
      { size: "M", offer_price: priceIn("INR", 4500), mrp: priceIn("INR", 6500), stock: 0 },
    ]);
    expect((await app.inject({ url: "/api/wishlist/products?ids=" })).json()).toEqual({ data: [], currency: "USD" });
  });

  it("refuses malformed ids with a 400", async () => {
    for (const ids of ["a,b", "1,,2", "-4", Array.from({ length: WISHLIST_LIMIT + 1 }, (_, i) => i + 1).join(",")])
      expect((await app.inject({ url: `/api/wishlist/products?ids=${ids}` })).statusCode).toBe(400);
    expect((await app.inject({ url: "/api/wishlist/products" })).statusCode).toBe(400);
  });
});

describe("stock changes show on the list", () => {
  it("answers the stock as it is now", async () => {
    const me = await freshShopper();
    const product = await ownProduct(app, admin, { stockS: 0 });
    await call(app, me, "PUT", `/api/wishlist/${product.id}`);
    await setStock(app, admin, product.id, "S", 4);
    const list = await call(app, me, "GET", "/api/wishlist/");
    expect(list.json().data[0].sizes[0]).toMatchObject({ size: "S", stock: 4 });
  });
});
