import { eq } from "drizzle-orm";
import { priceIn } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { addBody, pickVariant, type PickedVariant } from "../cart/test-support";
import { promoCodes } from "./tables";

let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createTestApp();
  variant = await pickVariant(app, { minStock: 3 });
});
afterAll(() => app.close());

const validate = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/validate-promo-code/", payload, headers });

/** Each seeded code against a spec-style request (amount, no_of_products, and our currency). */
describe("POST /api/validate-promo-code/ with the seeded codes", () => {
  it.each([
    ["WELCOME10", 1000, 1, "INR", 100, "Promo code applied: 10% off"],
    ["welcome10", 45, 1, "USD", 4, "Promo code applied: 10% off"],
    ["FLAT200", 999, 1, "INR", 200, "Promo code applied: ₹200 off"],
    ["SAVE15USD", 100, 2, "USD", 15, "Promo code applied: $15 off"],
    ["FESTIVE20", 500, 3, "USD", 100, "Promo code applied: 20% off"],
    ["LIMITED1", 80, 1, "USD", 20, "Promo code applied: 25% off"],
  ])("%s on %d with %d items in %s gives %d off", async (code, amount, items, currency, discount, message) => {
    const res = await validate({ promo_code: code, amount, no_of_products: items, currency });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      amount: discount,
      message,
      promo_code: code.toUpperCase(),
      currency,
      subtotal: amount,
    });
  });

  it.each([
    ["NOSUCHCODE", 1000, 1, "USD", "unknown", "This promo code does not exist."],
    ["EXPIRED5", 1000, 1, "USD", "expired", "This promo code has expired."],
    ["INACTIVE50", 1000, 1, "USD", "inactive", "This promo code is no longer active."],
    ["FLAT200", 998, 1, "INR", "below_minimum", "This promo code needs an order of at least ₹999."],
    ["FLAT200", 5000, 1, "USD", "wrong_currency", "This promo code applies to INR orders only."],
    ["SAVE15USD", 99, 1, "USD", "below_minimum", "This promo code needs an order of at least $100."],
    ["SAVE15USD", 5000, 1, "INR", "wrong_currency", "This promo code applies to USD orders only."],
    ["FESTIVE20", 5000, 2, "INR", "too_few_items", "This promo code needs at least 3 items in the cart."],
    ["WELCOME10", 0, 0, "USD", "empty_order", "Add items to your cart before applying a promo code."],
  ])("%s on %d with %d items in %s is refused (422 %s)", async (code, amount, items, currency, reason, message) => {
    const res = await validate({ promo_code: code, amount, no_of_products: items, currency });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, code: "PROMO_NOT_APPLICABLE", reason, errors: [] });
  });

  it("refuses LIMITED1 once its single use is taken", async () => {
    await app.database.db.update(promoCodes).set({ usedCount: 1 }).where(eq(promoCodes.code, "LIMITED1"));
    const res = await validate({ promo_code: "LIMITED1", amount: 80, no_of_products: 1, currency: "USD" });
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe("used_up");
    await app.database.db.update(promoCodes).set({ usedCount: 0 }).where(eq(promoCodes.code, "LIMITED1"));
  });

  it("defaults to USD, as the spec's client sends no currency", async () => {
    expect((await validate({ promo_code: "SAVE15USD", amount: 120, no_of_products: 1 })).json()).toMatchObject({
      amount: 15,
      currency: "USD",
    });
  });

  it("answers 400 to a malformed request", async () => {
    for (const payload of [
      { amount: 100, no_of_products: 1 },
      { promo_code: "  ", amount: 100, no_of_products: 1 },
      { promo_code: "WELCOME10", no_of_products: 1 },
      { promo_code: "WELCOME10", amount: 100 },
      { promo_code: "WELCOME10", amount: -5, no_of_products: 1 },
      { promo_code: "WELCOME10", amount: 100, no_of_products: 1.5 },
      { promo_code: "WELCOME10", amount: 100, no_of_products: 1, currency: "EUR" },
      { promo_code: "WELCOME10", cart_id: "nope" },
    ]) {
      const res = await validate(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
  });
});

describe("promo against a cart (cart_id): the server's numbers, not the client's", () => {
  it("ignores a tampered amount and item count", async () => {
    const cart = (
      await app.inject({ method: "POST", url: "/api/cart-items/", payload: addBody(variant, { quantity: 2 }, "INR") })
    ).json();
    const subtotal = priceIn("INR", variant.offerCents) * 2;
    expect(cart.subtotal).toBe(subtotal);

    const res = await validate({
      promo_code: "WELCOME10",
      amount: 1_000_000,
      no_of_products: 1,
      cart_id: cart.cart_id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: Math.floor(subtotal / 10), currency: "INR", subtotal });

    const festive = await validate({
      promo_code: "FESTIVE20",
      amount: 1_000_000,
      no_of_products: 10,
      cart_id: cart.cart_id,
    });
    expect(festive.statusCode).toBe(422);
    expect(festive.json().reason).toBe("too_few_items");
    // The request's currency re-prices the cart for the check, as the cart page shows it.
    expect((await validate({ promo_code: "WELCOME10", cart_id: cart.cart_id, currency: "USD" })).json()).toMatchObject({
      currency: "USD",
      subtotal: priceIn("USD", variant.offerCents) * 2,
    });
  });

  it("checks a signed-in shopper's cart with the token, and refuses others (404)", async () => {
    const asha = await newShopper(app);
    const cartId: string = (
      await app.inject({
        method: "POST",
        url: "/api/cart-items/",
        payload: addBody(variant),
        headers: tokenHeader(asha.token),
      })
    ).json().cart_id;
    expect((await validate({ promo_code: "WELCOME10", cart_id: cartId }, tokenHeader(asha.token))).statusCode).toBe(
      200,
    );
    expect((await validate({ promo_code: "WELCOME10", cart_id: cartId })).statusCode).toBe(404);
    const ravi = await newShopper(app);
    expect((await validate({ promo_code: "WELCOME10", cart_id: cartId }, tokenHeader(ravi.token))).statusCode).toBe(
      404,
    );
  });

  it("matches codes in any letter case but never by a partial text", async () => {
    expect((await validate({ promo_code: "WELCOME", amount: 100, no_of_products: 1 })).json().reason).toBe("unknown");
    expect((await validate({ promo_code: "%", amount: 100, no_of_products: 1 })).json().reason).toBe("unknown");
  });
});
