import { COD_SHIPPING_FEE_INR } from "@store/shared";
import { describe, expect, it } from "vitest";
import { orderAmount } from "./order-amount";

describe("orderAmount", () => {
  it("sends the card total in minor units", () => {
    expect(orderAmount("razorpay", { currency: "INR", subtotal: 2519, discount: 250 })).toEqual({
      charged: 2269,
      amount: 226_900,
      rounding: 0,
    });
    expect(orderAmount("razorpay", { currency: "USD", subtotal: 75, discount: 0 })).toEqual({
      charged: 75,
      amount: 7500,
      rounding: 0,
    });
  });

  it("raises the wallet's INR total to end in 9, and leaves USD alone", () => {
    expect(orderAmount("paypal", { currency: "INR", subtotal: 2519, discount: 250 })).toEqual({
      charged: 2269,
      amount: 2269,
      rounding: 0,
    });
    expect(orderAmount("paypal", { currency: "INR", subtotal: 2519, discount: 252 })).toEqual({
      charged: 2269,
      amount: 2269,
      rounding: 2,
    });
    expect(orderAmount("paypal", { currency: "INR", subtotal: 2519, discount: 259 })).toEqual({
      charged: 2269,
      amount: 2269,
      rounding: 9,
    });
    expect(orderAmount("paypal", { currency: "INR", subtotal: 2519, discount: 260 })).toEqual({
      charged: 2259,
      amount: 2259,
      rounding: 0,
    });
    expect(orderAmount("paypal", { currency: "USD", subtotal: 80, discount: 8 })).toEqual({
      charged: 72,
      amount: 72,
      rounding: 0,
    });
  });

  it("adds the cash-on-delivery fee in major units", () => {
    expect(orderAmount("cod", { currency: "INR", subtotal: 1009, discount: 0 })).toEqual({
      charged: 1009 + COD_SHIPPING_FEE_INR,
      amount: 1009 + COD_SHIPPING_FEE_INR,
      rounding: 0,
    });
  });

  it("adds the chosen shipping method's fee to what every payment method charges", () => {
    const express = 149;
    const figures = { currency: "INR", subtotal: 1000, discount: 0, shippingFee: express } as const;
    expect(orderAmount("razorpay", figures)).toEqual({
      charged: 1000 + express,
      amount: (1000 + express) * 100,
      rounding: 0,
    });
    expect(orderAmount("cod", figures).charged).toBe(1000 + express + COD_SHIPPING_FEE_INR);
    expect(orderAmount("razorpay", { ...figures, shippingFee: undefined }).charged).toBe(1000);
  });

  it("never lets a discount exceed the subtotal", () => {
    expect(orderAmount("razorpay", { currency: "USD", subtotal: 20, discount: 50 }).charged).toBe(0);
  });
});
