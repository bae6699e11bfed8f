import { describe, expect, it } from "vitest";
import { COD_SHIPPING_FEE_INR } from "./constants";
import { createOrderAmount, orderTotal } from "./order-total";

describe("orderTotal", () => {
  it("is the subtotal less the discount when no fee or rounding applies", () => {
    expect(orderTotal({ currency: "INR", subtotal: 2519, discount: 250, method: "razorpay" })).toEqual({
      discount: 250,
      shipping: 0,
      rounding: 0,
      duties: 0,
      total: 2269,
    });
    expect(orderTotal({ currency: "USD", subtotal: 60, discount: 6, method: null })).toEqual({
      discount: 6,
      shipping: 0,
      rounding: 0,
      duties: 0,
      total: 54,
    });
  });

  it("adds the shipping fee for cash on delivery in INR only", () => {
    expect(orderTotal({ currency: "INR", subtotal: 1009, discount: 0, method: "cod" })).toEqual({
      discount: 0,
      shipping: COD_SHIPPING_FEE_INR,
      rounding: 0,
      duties: 0,
      total: 1009 + COD_SHIPPING_FEE_INR,
    });
    expect(orderTotal({ currency: "INR", subtotal: 500, discount: 50, method: "cod" }).total).toBe(
      500 - 50 + COD_SHIPPING_FEE_INR,
    );
    expect(orderTotal({ currency: "USD", subtotal: 60, discount: 0, method: "cod" })).toMatchObject({
      shipping: 0,
      total: 60,
    });
    expect(orderTotal({ currency: "INR", subtotal: 1009, discount: 0, method: null })).toMatchObject({
      shipping: 0,
      total: 1009,
    });
  });

  it("adds the shipping method's fee it is given, with cash on delivery's on top, as one shipping figure", () => {
    const express = 149;
    expect(
      orderTotal({ currency: "INR", subtotal: 1009, discount: 9, method: "razorpay", shippingFee: express }),
    ).toEqual({ discount: 9, shipping: express, rounding: 0, duties: 0, total: 1000 + express });
    expect(
      orderTotal({ currency: "INR", subtotal: 1009, discount: 0, method: "cod", shippingFee: express }),
    ).toMatchObject({ shipping: express + COD_SHIPPING_FEE_INR, total: 1009 + express + COD_SHIPPING_FEE_INR });
    // The wallet's end-in-9 rounds the total with shipping in it.
    expect(
      orderTotal({ currency: "INR", subtotal: 1000, discount: 0, method: "paypal", shippingFee: express }).total % 10,
    ).toBe(9);
    // No fee given is the spec's standard shipping: free.
    expect(orderTotal({ currency: "USD", subtotal: 60, discount: 0, method: "paypal" })).toMatchObject({
      shipping: 0,
      total: 60,
    });
  });

  it("raises a wallet order in INR to end in 9 and says by how much", () => {
    expect(orderTotal({ currency: "INR", subtotal: 2519, discount: 252, method: "paypal" })).toMatchObject({
      rounding: 2,
      total: 2269,
    });
    expect(orderTotal({ currency: "INR", subtotal: 2519, discount: 259, method: "paypal" })).toMatchObject({
      rounding: 9,
      total: 2269,
    });
    expect(orderTotal({ currency: "INR", subtotal: 2519, discount: 260, method: "paypal" })).toMatchObject({
      rounding: 0,
      total: 2259,
    });
    expect(orderTotal({ currency: "USD", subtotal: 80, discount: 8, method: "paypal" })).toMatchObject({
      rounding: 0,
      total: 72,
    });
    expect(orderTotal({ currency: "INR", subtotal: 2519, discount: 252, method: "razorpay" })).toMatchObject({
      rounding: 0,
      total: 2267,
    });
  });

  it("never discounts below zero nor adds a negative discount", () => {
    expect(orderTotal({ currency: "USD", subtotal: 60, discount: 80, method: null })).toMatchObject({
      discount: 60,
      total: 0,
    });
    expect(orderTotal({ currency: "USD", subtotal: 60, discount: -5, method: null })).toMatchObject({
      discount: 0,
      total: 60,
    });
  });
});

describe("orderTotal with duties collected (delivered duty paid, decision 081)", () => {
  it("adds the duties after the discount and shipping, and reports them", () => {
    expect(
      orderTotal({ currency: "USD", subtotal: 100, discount: 10, method: "paypal", shippingFee: 5, duties: 58.4 }),
    ).toEqual({ discount: 10, shipping: 5, rounding: 0, duties: 58.4, total: 153.4 });
  });

  it("never takes a negative duty off the total", () => {
    expect(orderTotal({ currency: "USD", subtotal: 100, discount: 0, method: null, duties: -3 })).toMatchObject({
      duties: 0,
      total: 100,
    });
  });
});

describe("createOrderAmount", () => {
  it("sends minor units to the card provider and major units otherwise", () => {
    expect(createOrderAmount("razorpay", 2269)).toBe(226_900);
    expect(createOrderAmount("paypal", 2269)).toBe(2269);
    expect(createOrderAmount("cod", 1048)).toBe(1048);
  });
});
