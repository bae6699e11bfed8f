import { COD_SHIPPING_FEE_INR } from "@store/shared";
import { describe, expect, it } from "vitest";
import { cartTotals } from "./totals";

describe("cartTotals", () => {
  it("adds the COD fee only in INR", () => {
    expect(cartTotals({ currency: "INR", count: 2, subtotal: 1000 }, 0, true)).toMatchObject({
      shipping: COD_SHIPPING_FEE_INR,
      total: 1000 + COD_SHIPPING_FEE_INR,
      cashOnDelivery: true,
    });
    expect(cartTotals({ currency: "INR", count: 2, subtotal: 1000 }, 0, false)).toMatchObject({
      shipping: 0,
      total: 1000,
      cashOnDelivery: false,
    });
    expect(cartTotals({ currency: "USD", count: 2, subtotal: 60 }, 0, true)).toMatchObject({
      shipping: 0,
      total: 60,
      cashOnDelivery: false,
    });
  });

  it("takes the promo discount off, never below zero", () => {
    expect(cartTotals({ currency: "USD", count: 1, subtotal: 60 }, 6, false)).toMatchObject({ discount: 6, total: 54 });
    expect(cartTotals({ currency: "USD", count: 1, subtotal: 60 }, 80, false)).toMatchObject({
      discount: 60,
      total: 0,
    });
    expect(cartTotals({ currency: "INR", count: 1, subtotal: 500 }, 50, true)).toMatchObject({
      total: 500 - 50 + COD_SHIPPING_FEE_INR,
    });
  });
});
