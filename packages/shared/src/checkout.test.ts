import { describe, expect, it } from "vitest";
import { COD_SHIPPING_FEE_INR } from "./constants";
import { cashOnDeliveryFee, isCashOnDeliveryAllowed } from "./checkout";

describe("cash on delivery's fee (spec: 39 with COD in INR)", () => {
  it("is the spec's 39 rupees in INR", () => {
    expect(cashOnDeliveryFee("INR")).toBe(COD_SHIPPING_FEE_INR);
    expect(cashOnDeliveryFee("INR")).toBe(39);
  });

  it("is never charged in USD, where cash on delivery is not offered", () => {
    expect(cashOnDeliveryFee("USD")).toBe(0);
    expect(isCashOnDeliveryAllowed("USD")).toBe(false);
    expect(isCashOnDeliveryAllowed("INR")).toBe(true);
  });
});
