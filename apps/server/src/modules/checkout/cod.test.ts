import { COD_SHIPPING_FEE_INR, formatMoney, MESSAGES } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { countRows, createOrder, emailsTo, fillCart, orderBody, pageTotal, setStock, stockOf, storedOrder } from "./test-support";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
let variant: PickedVariant;
let other: PickedVariant;
beforeAll(async () => {
  // Cash on delivery never talks to a provider: no listening server needed.
  app = await createTestApp();
  const [a, b] = await pickVariants(app, { minStock: 10, count: 2 });
  if (!a || !b) throw new Error("no variants");
  [variant, other] = [a, b];
});
afterAll(() => app.close());

const codTotal = (lines: { variant: PickedVariant; quantity?: number }[]) => pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });

describe("cash on delivery", () => {
  it("confirms at once in INR: fee 39, stock taken, cart emptied, e-mail queued, no payment row", async () => {
    const lines = [{ variant, quantity: 3 }];
    const cartId = await fillCart(app, lines, "INR");
    const before = await stockOf(app, variant);
    const rows = await countRows(app);
    const amount = codTotal(lines);

    const res = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email: "cod.buyer@example.in", promo_code: "" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_id: expect.any(Number), status: "cod_confirmed", amount, currency: "INR" });

    const stored = await storedOrder(app, res.json().order_id);
    expect(stored.order).toMatchObject({ status: "cod_confirmed", paymentMethod: "cod", shipping: 3900, total: amount * 100, isTest: false, comment: "Please call before delivery" });
    expect(stored.lines).toHaveLength(1);
    expect(stored.events.map((e) => e.toStatus)).toEqual(["pending_payment", "cod_confirmed"]);
    expect(stored.payment).toBeUndefined();
    expect(await countRows(app)).toMatchObject({ orders: rows.orders + 1, payments: rows.payments });
    expect(await stockOf(app, variant)).toBe(before - 3);
    expect((await app.inject({ url: `/api/get-cart-items/?cart_id=${cartId}` })).json().data).toEqual([]);
    const [mail] = await emailsTo(app, "cod.buyer@example.in");
    expect(mail?.text).toContain("cash on delivery");
    expect(mail?.text).toContain(`Shipping: ${formatMoney(COD_SHIPPING_FEE_INR, "INR")}`);

    // The same request again finds an empty cart: nothing is ordered twice.
    const again = await createOrder(app, orderBody(cartId, "cod", "INR", amount));
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe("CART_EMPTY");
  });

  it("is refused in USD (422) and without the fee (409), storing nothing", async () => {
    const usdCart = await fillCart(app, [{ variant }], "USD");
    const inrCart = await fillCart(app, [{ variant }], "INR");
    const rows = await countRows(app);
    const usd = await createOrder(app, orderBody(usdCart, "cod", "USD", pageTotal([{ variant }], "USD")));
    expect(usd.statusCode).toBe(422);
    expect(usd.json()).toEqual({ message: "Cash on delivery is available for orders in INR only.", code: "COD_NOT_AVAILABLE", errors: [] });
    const noFee = await createOrder(app, orderBody(inrCart, "cod", "INR", pageTotal([{ variant }], "INR")));
    expect(noFee.statusCode).toBe(409);
    expect(noFee.json().code).toBe("AMOUNT_MISMATCH");
    expect(await countRows(app)).toEqual(rows);
  });

  it("answers 400 with one entry per missing delivery field, and asks for a payment method", async () => {
    const cartId = await fillCart(app, [{ variant }], "INR");
    const body = orderBody(cartId, "cod", "INR", codTotal([{ variant }]));
    const res = await createOrder(app, { ...body, name: "", mobile_number: " ", delivery_address: undefined, city: "", state: "", pin_code: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    expect(res.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ["body.city", "body.delivery_address", "body.mobile_number", "body.name", "body.pin_code", "body.state"],
    );
    const noMethod = await createOrder(app, { ...body, payment_method: undefined });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().errors).toEqual([{ path: "body.payment_method", message: MESSAGES.selectPaymentMethod }]);
  });

  it("refuses an empty cart (422), an unknown one (404) and another shopper's (404)", async () => {
    const cartId = await fillCart(app, [{ variant }], "INR");
    await app.inject({ method: "POST", url: "/api/remove-cart-items/", payload: { product_pk: variant.productId, size: variant.size, is_direct_buy: false, cart_id: cartId } });
    const empty = await createOrder(app, orderBody(cartId, "cod", "INR", COD_SHIPPING_FEE_INR));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: "Your cart is empty.", code: "CART_EMPTY", errors: [] });
    expect((await createOrder(app, orderBody("8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01", "cod", "INR", 1))).statusCode).toBe(404);

    const shopper = await newShopper(app);
    const ownCart = await fillCart(app, [{ variant }], "INR", tokenHeader(shopper.token));
    const asGuest = await createOrder(app, orderBody(ownCart, "cod", "INR", codTotal([{ variant }])));
    expect(asGuest.statusCode).toBe(404);
    const asOwner = await createOrder(app, orderBody(ownCart, "cod", "INR", codTotal([{ variant }])), tokenHeader(shopper.token));
    expect(asOwner.statusCode).toBe(200);
    // A signed-in shopper's confirmation goes to their account's address.
    expect(await emailsTo(app, shopper.email)).toHaveLength(1);
  });

  it("refuses a cart holding more than is left (409) and names the product", async () => {
    const lines = [{ variant: other, quantity: 2 }];
    const cartId = await fillCart(app, lines, "INR");
    await setStock(app, other, 1);
    const res = await createOrder(app, orderBody(cartId, "cod", "INR", codTotal(lines)));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `Only 1 left of ${other.name} (size ${other.size}). Please update your cart.`, code: "OUT_OF_STOCK", errors: [] });
    expect(await stockOf(app, other)).toBe(1);
    await setStock(app, other, 10);
  });

  it("honours a promo's usage limit (LIMITED1: one use)", async () => {
    const lines = [{ variant }];
    const subtotal = pageTotal(lines, "INR");
    const amount = subtotal - Math.floor((subtotal * 25) / 100) + COD_SHIPPING_FEE_INR;
    const first = await createOrder(app, orderBody(await fillCart(app, lines, "INR"), "cod", "INR", amount, { promo_code: "LIMITED1" }));
    expect(first.statusCode).toBe(200);
    const second = await createOrder(app, orderBody(await fillCart(app, lines, "INR"), "cod", "INR", amount, { promo_code: "LIMITED1" }));
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ message: "This promo code has reached its usage limit.", code: "PROMO_NOT_APPLICABLE", errors: [] });
  });
});
