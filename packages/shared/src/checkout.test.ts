import { describe, expect, it } from "vitest";
import { COD_SHIPPING_FEE_INR } from "./constants";
import { isCashOnDeliveryAllowed, shippingFee } from "./checkout";

describe("shipping fee (spec: 39 with COD in INR, else free)", () => {
  it("charges the COD fee only for cash on delivery in INR", () => {
    expect(shippingFee("INR", true)).toBe(COD_SHIPPING_FEE_INR);
    expect(shippingFee("INR", true)).toBe(39);
    expect(shippingFee("INR", false)).toBe(0);
  });

  it("never charges in USD, where cash on delivery is not offered", () => {
    expect(shippingFee("USD", true)).toBe(0);
    expect(shippingFee("USD", false)).toBe(0);
    expect(isCashOnDeliveryAllowed("USD")).toBe(false);
    expect(isCashOnDeliveryAllowed("INR")).toBe(true);
  });
});
