import { and, count, eq } from "drizzle-orm";
import { priceIn } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { productVariants, products } from "../catalog/tables";
import { cartLines, carts } from "./tables";
import { addBody, lineBody, pickVariant, pickVariants, type PickedVariant } from "./test-support";

let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createTestApp();
  variant = await pickVariant(app, { minStock: 5 });
});
afterAll(() => app.close());

const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: "POST", url, payload });
const add = (payload: Record<string, unknown>) => post("/api/cart-items/", payload);
const getCart = (query: string) => app.inject({ url: `/api/get-cart-items/?${query}` });
async function rowCounts() {
  const [c] = await app.database.db.select({ n: count() }).from(carts);
  const [l] = await app.database.db.select({ n: count() }).from(cartLines);
  return { carts: c?.n ?? 0, lines: l?.n ?? 0 };
}

describe("the guest cart flow (spec section 7)", () => {
  it("adds to a new cart, merges the same product and size, shows it, and removes it", async () => {
    const first = await add(addBody(variant));
    expect(first.statusCode).toBe(200);
    const cartId: string = first.json().cart_id;
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.json()).not.toHaveProperty("token");
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const offer = priceIn("USD", variant.offerCents);
    expect(first.json()).toMatchObject({
      currency: "USD",
      count: 1,
      subtotal: offer,
      data: [
        {
          product_pk: variant.productId,
          product_name: variant.name,
          size: variant.size,
          quantity: 1,
          offer_price: offer,
          mrp: priceIn("USD", variant.mrpCents),
          line_total: offer,
          stock: variant.stock,
          available: true,
          is_direct_buy: false,
          currency: "USD",
        },
      ],
    });
    expect(first.json().data[0].image).toMatch(/^\/media\/products\//);
    expect(typeof first.json().data[0].id).toBe("number");
    // The first add answers from what it read and wrote (decision 043): exactly what reading the cart shows.
    expect((await getCart(`cart_id=${cartId}`)).json()).toEqual(first.json());
    const [stored] = await app.database.db.select().from(carts).where(eq(carts.id, cartId));
    expect(stored).toMatchObject({ userId: null, currency: "USD" });

    const second = await add(addBody(variant, { cart_id: cartId, quantity: 2 }));
    expect(second.json()).toMatchObject({ cart_id: cartId, count: 3, subtotal: offer * 3 });
    expect(second.json().data).toHaveLength(1);

    const shown = await getCart(`cart_id=${cartId}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(second.json());

    const removed = await post("/api/remove-cart-items/", lineBody(variant, cartId, { offer_price: 1, mrp: 1 }));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ cart_id: cartId, data: [], count: 0, subtotal: 0 });
    expect((await getCart(`cart_id=${cartId}`)).json().data).toEqual([]);
  });

  it("treats an empty, null or absent cart_id as 'new cart'", async () => {
    for (const cartId of ["", null, undefined]) {
      const res = await add(addBody(variant, { cart_id: cartId }));
      expect(res.statusCode).toBe(200);
      expect(res.json().cart_id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("answers an empty cart to a guest without cart_id, 400 to a malformed id and 404 to an unknown one", async () => {
    expect((await getCart("")).json()).toEqual({
      cart_id: null,
      data: [],
      subtotal: 0,
      mrp_total: 0,
      count: 0,
      currency: "USD",
    });
    expect((await getCart("cart_id=null")).json().cart_id).toBeNull();
    const malformed = await getCart("cart_id=12345");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe("querystring.cart_id");
    const unknown = await getCart("cart_id=8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Cart not found", code: "CART_NOT_FOUND", errors: [] });
    expect((await add(addBody(variant, { cart_id: "8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01" }))).statusCode).toBe(404);
  });

  it("keeps 'Buy now' lines apart from ordinary lines of the same product and size", async () => {
    const cartId: string = (await add(addBody(variant))).json().cart_id;
    const res = await add(addBody(variant, { cart_id: cartId, is_direct_buy: true }));
    expect(
      res.json().data.map((l: { is_direct_buy: boolean; quantity: number }) => [l.is_direct_buy, l.quantity]),
    ).toEqual([
      [false, 1],
      [true, 1],
    ]);
    const removed = await post("/api/remove-cart-items/", lineBody(variant, cartId, { is_direct_buy: true }));
    expect(removed.json().data.map((l: { is_direct_buy: boolean }) => l.is_direct_buy)).toEqual([false]);
  });
});

describe("guests adding at the same moment (one statement for all who wait, decision 056)", () => {
  it("gives each its own new cart or its own refusal, and stores only what was answered 200", async () => {
    const fresh = await pickVariants(app, { minStock: 3, count: 6 });
    const withdrawn = await pickVariant(app, { active: false });
    const soldOut = await pickVariant(app, { minStock: 0, maxStock: 0 });
    const before = await rowCounts();
    const asked = [
      ...fresh.map((v, i) => addBody(v, { quantity: 1 + (i % 2) }, i % 2 ? "INR" : "USD")),
      addBody(fresh[0]!, { is_direct_buy: true }),
      addBody(fresh[1]!, { offer_price: 1 }),
      addBody(fresh[2]!, { quantity: fresh[2]!.stock + 1 }),
      addBody(variant, { product_pk: 999_999 }),
      addBody(withdrawn),
      addBody(soldOut),
    ];
    const answers = await Promise.all(asked.map((body) => add(body)));
    expect(answers.map((a) => [a.statusCode, a.json().code])).toEqual([
      ...fresh.map(() => [200, undefined]),
      [200, undefined],
      [409, "PRICE_CHANGED"],
      [409, "OUT_OF_STOCK"],
      [404, "PRODUCT_NOT_FOUND"],
      [409, "PRODUCT_UNAVAILABLE"],
      [409, "OUT_OF_STOCK"],
    ]);
    const served = answers.slice(0, fresh.length + 1);
    expect(new Set(served.map((a) => a.json().cart_id)).size).toBe(served.length);
    for (const [i, answer] of served.entries()) {
      const body = asked[i]!;
      const stored = (await getCart(`cart_id=${answer.json().cart_id}`)).json();
      expect(stored).toEqual(answer.json());
      expect(stored).toMatchObject({ currency: body.currency, count: body.quantity });
      expect(stored.data).toEqual([
        expect.objectContaining({ product_pk: body.product_pk, size: body.size, is_direct_buy: body.is_direct_buy }),
      ]);
    }
    expect(await rowCounts()).toEqual({ carts: before.carts + served.length, lines: before.lines + served.length });
  });
});

describe("prices come from the catalogue, never from the client", () => {
  it("refuses a tampered offer price or MRP with 409 PRICE_CHANGED and stores nothing", async () => {
    const before = await rowCounts();
    const offer = priceIn("USD", variant.offerCents);
    const res = await add(addBody(variant, { offer_price: 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("PRICE_CHANGED");
    expect(res.json().message).toContain(`is now $${offer}`);
    expect(res.json().errors).toEqual([{ path: "offer_price", message: `is now ${offer}` }]);
    expect((await add(addBody(variant, { mrp: priceIn("USD", variant.mrpCents) + 1 }))).json().code).toBe(
      "PRICE_CHANGED",
    );
    expect(await rowCounts()).toEqual(before);

    const cartId: string = (await add(addBody(variant))).json().cart_id;
    const tampered = await add(addBody(variant, { cart_id: cartId, quantity: 2, offer_price: offer - 1 }));
    expect(tampered.statusCode).toBe(409);
    expect((await getCart(`cart_id=${cartId}`)).json().data[0].quantity).toBe(1);
  });

  it("prices an INR cart by the INR rule (priceIn), and re-prices a cart shown or added to in another currency", async () => {
    const res = await add(addBody(variant, {}, "INR"));
    expect(res.statusCode).toBe(200);
    const inr = priceIn("INR", variant.offerCents);
    expect(res.json()).toMatchObject({
      currency: "INR",
      subtotal: inr,
      data: [{ offer_price: inr, mrp: priceIn("INR", variant.mrpCents), currency: "INR" }],
    });
    expect(inr % 10).toBe(9);
    const cartId: string = res.json().cart_id;
    // A USD price on an INR cart is refused unless the client says the shopper now uses USD.
    expect(
      (
        await add(
          addBody(variant, { cart_id: cartId, currency: "INR", offer_price: priceIn("USD", variant.offerCents) }),
        )
      ).statusCode,
    ).toBe(409);
    expect((await getCart(`cart_id=${cartId}&currency=USD`)).json()).toMatchObject({
      currency: "USD",
      subtotal: priceIn("USD", variant.offerCents),
    });
    expect((await getCart(`cart_id=${cartId}`)).json().currency).toBe("INR");

    const [other] = await pickVariants(app, { minStock: 2, count: 2 }).then((v) =>
      v.filter((x) => x.productId !== variant.productId),
    );
    if (!other) throw new Error("need a second product");
    const switched = await add(addBody(other, { cart_id: cartId }, "USD"));
    expect(switched.json()).toMatchObject({
      currency: "USD",
      subtotal: priceIn("USD", variant.offerCents) + priceIn("USD", other.offerCents),
    });
    expect((await getCart(`cart_id=${cartId}`)).json().currency).toBe("USD");
  });
});

describe("stock, availability and bad input", () => {
  it("caps a line at the stock of its size (409 OUT_OF_STOCK), also when adding to an existing line", async () => {
    const res = await add(addBody(variant, { quantity: variant.stock + 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: "OUT_OF_STOCK",
      message: `Only ${variant.stock} left in size ${variant.size}.`,
      errors: [],
    });
    const cartId: string = (await add(addBody(variant, { quantity: variant.stock }))).json().cart_id;
    expect((await add(addBody(variant, { cart_id: cartId }))).statusCode).toBe(409);
    expect((await getCart(`cart_id=${cartId}`)).json().data[0].quantity).toBe(variant.stock);
  });

  it("shows a line that stock or the catalogue can no longer fill as unavailable", async () => {
    const [spare] = (await pickVariants(app, { minStock: 3, count: 3 })).filter(
      (v) => v.productId !== variant.productId,
    );
    if (!spare) throw new Error("need a second product");
    const cartId: string = (await add(addBody(spare, { quantity: 3 }))).json().cart_id;
    await app.database.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(and(eq(productVariants.productId, spare.productId), eq(productVariants.size, spare.size)));
    expect((await getCart(`cart_id=${cartId}`)).json().data[0]).toMatchObject({
      quantity: 3,
      stock: 2,
      available: false,
    });
    await app.database.db.update(products).set({ isActive: false }).where(eq(products.id, spare.productId));
    expect((await getCart(`cart_id=${cartId}`)).json().data[0]).toMatchObject({ stock: 0, available: false });
    // A withdrawn product can still be removed from the cart.
    expect((await post("/api/remove-cart-items/", lineBody(spare, cartId))).json().data).toEqual([]);
  });

  it("says a sold-out size is sold out", async () => {
    const soldOut = await pickVariant(app, { minStock: 0, maxStock: 0 });
    const res = await add(addBody(soldOut));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Size ${soldOut.size} is sold out.`);
  });

  it("refuses a withdrawn product (409) and an unknown product or size (404)", async () => {
    const withdrawn = await pickVariant(app, { active: false });
    const res = await add(addBody(withdrawn));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: "PRODUCT_UNAVAILABLE",
      message: `${withdrawn.name} is no longer available.`,
      errors: [],
    });
    const unknown = await add(addBody(variant, { product_pk: 999_999 }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("PRODUCT_NOT_FOUND");

    // Withdraw one size of another product from the catalogue; asking for that size is then a 404.
    const [other] = (await pickVariants(app, { count: 2 })).filter((v) => v.productId !== variant.productId);
    if (!other) throw new Error("need a second product");
    await app.database.db
      .delete(productVariants)
      .where(and(eq(productVariants.productId, other.productId), eq(productVariants.size, other.size)));
    const noSize = await add(addBody(other));
    expect(noSize.statusCode).toBe(404);
    expect(noSize.json()).toEqual({
      code: "SIZE_NOT_FOUND",
      message: `${other.name} is not sold in size ${other.size}.`,
      errors: [],
    });
  });

  it("answers 400 to malformed payloads and stores nothing", async () => {
    const before = await rowCounts();
    const bad: Record<string, unknown>[] = [
      { quantity: 0 },
      { quantity: -1 },
      { quantity: 1.5 },
      { quantity: "2" },
      { quantity: 100_000 },
      { size: "XXL" },
      { product_pk: "abc" },
      { product_pk: -3 },
      { offer_price: "cheap" },
      { offer_price: undefined },
      { mrp: -1 },
      { currency: "EUR" },
      { is_direct_buy: "yes" },
      { cart_id: "not-a-uuid" },
      { cart_id: 42 },
    ];
    for (const override of bad) {
      const res = await add(addBody(variant, override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    const notJson = await app.inject({
      method: "POST",
      url: "/api/cart-items/",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });
});

describe("POST /api/update-cart-item/ and removal errors", () => {
  it("sets a line's quantity within 1..stock", async () => {
    const cartId: string = (await add(addBody(variant))).json().cart_id;
    const set = await post("/api/update-cart-item/", lineBody(variant, cartId, { quantity: 3 }));
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ count: 3, data: [{ quantity: 3 }] });
    const over = await post("/api/update-cart-item/", lineBody(variant, cartId, { quantity: variant.stock + 1 }));
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe("OUT_OF_STOCK");
    expect((await post("/api/update-cart-item/", lineBody(variant, cartId, { quantity: 0 }))).statusCode).toBe(400);
    expect(
      (await post("/api/update-cart-item/", lineBody(variant, cartId, { quantity: 2, is_direct_buy: true })))
        .statusCode,
    ).toBe(404);
    expect((await getCart(`cart_id=${cartId}`)).json().data[0].quantity).toBe(3);
  });

  it("answers 404 for a line that is not in the cart and for a guest without a cart", async () => {
    const cartId: string = (await add(addBody(variant))).json().cart_id;
    const [other] = (await pickVariants(app, { count: 3 })).filter((v) => v.productId !== variant.productId);
    if (!other) throw new Error("need a second product");
    const res = await post("/api/remove-cart-items/", lineBody(other, cartId));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("LINE_NOT_FOUND");
    expect((await post("/api/remove-cart-items/", lineBody(variant, null))).json().code).toBe("CART_NOT_FOUND");
  });
});
