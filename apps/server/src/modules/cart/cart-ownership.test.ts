import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { authTokens } from "../accounts/tables";
import { newShopper, postAuth, tokenHeader } from "../accounts/test-support";
import { hashToken } from "../accounts/tokens";
import { carts } from "./tables";
import { addBody, lineBody, pickVariants, type PickedVariant } from "./test-support";

let app: FastifyInstance;
let shirt: PickedVariant;
let rug: PickedVariant;
beforeAll(async () => {
  app = await createTestApp();
  [shirt, rug] = (await pickVariants(app, { minStock: 6, count: 2 })) as [PickedVariant, PickedVariant];
});
afterAll(() => app.close());

type Headers = Record<string, string>;
const add = (payload: Record<string, unknown>, headers: Headers = {}) =>
  app.inject({ method: "POST", url: "/api/cart-items/", payload, headers });
const update = (payload: Record<string, unknown>, headers: Headers = {}) =>
  app.inject({ method: "POST", url: "/api/update-cart-item/", payload, headers });
const remove = (payload: Record<string, unknown>, headers: Headers = {}) =>
  app.inject({ method: "POST", url: "/api/remove-cart-items/", payload, headers });
const getCart = (query: string, headers: Headers = {}) => app.inject({ url: `/api/get-cart-items/?${query}`, headers });
const ownerOf = async (cartId: string) =>
  (await app.database.db.select().from(carts).where(eq(carts.id, cartId)))[0]?.userId;

describe("a signed-in shopper's cart", () => {
  it("is created on the first add without cart_id, and found again without it", async () => {
    const asha = await newShopper(app);
    const auth = tokenHeader(asha.token);
    const first = await add(addBody(shirt), auth);
    expect(first.statusCode).toBe(200);
    const cartId: string = first.json().cart_id;
    expect(await ownerOf(cartId)).toBe(asha.user.id);
    expect((await add(addBody(rug), auth)).json().cart_id).toBe(cartId);
    expect((await getCart("", auth)).json()).toMatchObject({ cart_id: cartId, count: 2 });
  });

  it("is never readable or changeable by a guest or another user (404), and stays as it was", async () => {
    const asha = await newShopper(app);
    const ravi = await newShopper(app);
    const cartId: string = (await add(addBody(shirt, { quantity: 2 }), tokenHeader(asha.token))).json().cart_id;
    const before = (await getCart(`cart_id=${cartId}`, tokenHeader(asha.token))).json();

    for (const headers of [{}, tokenHeader(ravi.token)]) {
      const attempts = [
        await getCart(`cart_id=${cartId}`, headers),
        await add(addBody(rug, { cart_id: cartId }), headers),
        await update(lineBody(shirt, cartId, { quantity: 1 }), headers),
        await remove(lineBody(shirt, cartId), headers),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Cart not found", code: "CART_NOT_FOUND", errors: [] });
      }
    }
    expect((await getCart(`cart_id=${cartId}`, tokenHeader(asha.token))).json()).toEqual(before);
    expect(await ownerOf(cartId)).toBe(asha.user.id);
    // Ravi's own cart is untouched by his attempts: he has none.
    expect((await getCart("", tokenHeader(ravi.token))).json().cart_id).toBeNull();
  });

  it("adopts a guest cart presented with a token, when the shopper has no cart yet", async () => {
    const guestCart: string = (await add(addBody(shirt))).json().cart_id;
    const asha = await newShopper(app);
    const res = await add(addBody(rug, { cart_id: guestCart }), tokenHeader(asha.token));
    expect(res.json()).toMatchObject({ cart_id: guestCart, count: 2 });
    expect(await ownerOf(guestCart)).toBe(asha.user.id);
    expect((await getCart(`cart_id=${guestCart}`)).statusCode).toBe(404);
  });

  it("merges a guest cart presented with a token into the shopper's existing cart", async () => {
    const asha = await newShopper(app);
    const own: string = (await add(addBody(shirt), tokenHeader(asha.token))).json().cart_id;
    const guestCart: string = (await add(addBody(shirt, { quantity: 2 }))).json().cart_id;
    const res = await remove(lineBody(rug, guestCart), tokenHeader(asha.token));
    // The merge happened inside a request that then failed (no rug line): nothing changed.
    expect(res.statusCode).toBe(404);
    expect(await ownerOf(guestCart)).toBeNull();

    const merged = await update(lineBody(shirt, guestCart, { quantity: 4 }), tokenHeader(asha.token));
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ cart_id: own, count: 4 });
    expect((await getCart(`cart_id=${guestCart}`)).statusCode).toBe(404);
  });
});

describe("concurrent changes", () => {
  it("gives a shopper's simultaneous first adds one cart, and counts every piece", async () => {
    const asha = await newShopper(app);
    const results = await Promise.all(Array.from({ length: 5 }, () => add(addBody(shirt), tokenHeader(asha.token))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().cart_id)).size).toBe(1);
    expect((await getCart("", tokenHeader(asha.token))).json().data[0].quantity).toBe(5);
  });

  it("never lets simultaneous adds to one guest cart exceed the stock", async () => {
    const cartId: string = (await add(addBody(rug))).json().cart_id;
    const results = await Promise.all(
      Array.from({ length: rug.stock + 2 }, () => add(addBody(rug, { cart_id: cartId }))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(rug.stock - 1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect((await getCart(`cart_id=${cartId}`)).json().data[0].quantity).toBe(rug.stock);
  });
});

describe("tokens that are not valid, on endpoints that allow guests", () => {
  it("answers 401 to a malformed, unknown, expired or revoked token, and stores nothing", async () => {
    const asha = await newShopper(app);
    const expired = await newShopper(app);
    await app.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(expired.token)));
    const revoked = await newShopper(app);
    expect(
      (await app.inject({ method: "POST", url: "/api/logout/", headers: tokenHeader(revoked.token) })).statusCode,
    ).toBe(200);

    const cartsBefore = (await app.database.db.select().from(carts)).length;
    const badHeaders: Headers[] = [
      { authorization: "Bearer abc" },
      { authorization: "Token null" },
      tokenHeader(asha.token.slice(0, -1) + (asha.token.endsWith("A") ? "B" : "A")),
      tokenHeader(expired.token),
      tokenHeader(revoked.token),
    ];
    for (const headers of badHeaders) {
      for (const res of [
        await getCart("", headers),
        await add(addBody(shirt), headers),
        await update(lineBody(shirt, null, { quantity: 1 }), headers),
        await remove(lineBody(shirt, null), headers),
        await app.inject({
          method: "POST",
          url: "/api/validate-promo-code/",
          payload: { promo_code: "WELCOME10", amount: 100, no_of_products: 1 },
          headers,
        }),
      ]) {
        expect(res.statusCode, headers.authorization).toBe(401);
        expect(res.json().code).toBe("INVALID_TOKEN");
      }
    }
    expect((await app.database.db.select().from(carts)).length).toBe(cartsBefore);
  });
});

describe("login with a guest cart_id", () => {
  it("hands the guest cart to a shopper without a cart", async () => {
    const guestCart: string = (await add(addBody(shirt, { quantity: 2 }))).json().cart_id;
    const asha = await newShopper(app, { cart_id: guestCart });
    expect(asha.cart_id).toBe(guestCart);
    expect(await ownerOf(guestCart)).toBe(asha.user.id);
  });

  it("merges the guest lines into the shopper's cart, adding quantities capped by stock", async () => {
    const asha = await newShopper(app);
    const own: string = (await add(addBody(shirt, { quantity: 2 }), tokenHeader(asha.token))).json().cart_id;
    const guestCart: string = (await add(addBody(shirt, { quantity: shirt.stock }))).json().cart_id;
    await add(addBody(rug, { cart_id: guestCart, is_direct_buy: true }));

    const login = await postAuth(app, "/api/login/", {
      email: asha.email,
      password: asha.password,
      cart_id: guestCart,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().cart_id).toBe(own);
    const cart = (await getCart("", tokenHeader(login.json().token))).json();
    expect(cart.cart_id).toBe(own);
    const lines = cart.data.map((l: { product_pk: number; quantity: number; is_direct_buy: boolean }) => [
      l.product_pk,
      l.quantity,
      l.is_direct_buy,
    ]);
    expect(lines).toEqual([
      [shirt.productId, shirt.stock, false],
      [rug.productId, 1, true],
    ]);
    expect((await getCart(`cart_id=${guestCart}`)).statusCode).toBe(404);
  });

  it("still logs in with an unknown or someone else's cart_id, answering the shopper's own cart", async () => {
    const asha = await newShopper(app);
    const ashaCart: string = (await add(addBody(shirt), tokenHeader(asha.token))).json().cart_id;
    const ravi = await newShopper(app, { cart_id: ashaCart });
    expect(ravi.cart_id).toBeNull();
    expect(await ownerOf(ashaCart)).toBe(asha.user.id);
    const unknown = await postAuth(app, "/api/login/", {
      email: asha.email,
      password: asha.password,
      cart_id: "8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01",
    });
    expect(unknown.json().cart_id).toBe(ashaCart);
  });
});
