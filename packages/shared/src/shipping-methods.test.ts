import { describe, expect, it } from "vitest";
import { SHIPPING_DAYS } from "./constants";
import {
  DEFAULT_SHIPPING_METHOD,
  SHIPPING_FEES_SEED,
  SHIPPING_METHOD_CODES,
  SHIPPING_METHODS,
  shippingMethod,
  shippingMethodProblem,
  shippingMethodsFor,
} from "./shipping-methods";
import { internationalZone } from "./shipping-fee-rules";

const codes = (country: string) => shippingMethodsFor(country).map((m) => m.code);
/** Fees a seller might set, none of them the seed's. */
const sellers = { "india-express": { INR: 149, USD: 5 } };

describe("the shipping methods' table", () => {
  it("has one row per code, under its own code, the spec's standard shipping the default", () => {
    expect(Object.keys(SHIPPING_METHODS).sort()).toEqual([...SHIPPING_METHOD_CODES].sort());
    for (const code of SHIPPING_METHOD_CODES) expect(shippingMethod(code).code).toBe(code);
    expect(DEFAULT_SHIPPING_METHOD).toBe("india-standard");
  });

  it("promises the spec's business days and keeps India standard free in both currencies", () => {
    expect(shippingMethod("india-standard").days).toEqual(SHIPPING_DAYS.indiaNormal);
    expect(shippingMethod("india-express").days).toEqual({ earliest: 4, latest: 5 });
    expect(shippingMethod("international-standard").days).toEqual({ earliest: 10, latest: 30 });
    expect(shippingMethod("international-express").days).toEqual({ earliest: 4, latest: 8 });
    for (const currency of ["INR", "USD"] as const)
      expect(shippingMethod("india-standard").fee({ currency, country: "IN", pieces: 7 }, sellers)).toBe(0);
  });

  it("charges express the flat fee the seller set, per currency, whatever the pieces", () => {
    const express = shippingMethod("india-express");
    expect(express.fee({ currency: "INR", country: "IN", pieces: 1 }, sellers)).toBe(149);
    expect(express.fee({ currency: "INR", country: "IN", pieces: 5 }, sellers)).toBe(149);
    expect(express.fee({ currency: "USD", country: "IN", pieces: 1 }, sellers)).toBe(5);
    expect(express.fee({ currency: "INR", country: "IN", pieces: 1 }, SHIPPING_FEES_SEED)).toBe(99);
  });

  it("charges abroad by zone and by each half kilo, a piece counting half a kilo", () => {
    const standard = shippingMethod("international-standard");
    const fee = (country: string, pieces: number) => standard.fee({ currency: "USD", country, pieces }, sellers);
    expect(internationalZone("np")).toBe("near");
    expect(internationalZone("GB")).toBe("world");
    expect(fee("NP", 1)).toBeLessThan(fee("GB", 1));
    expect(fee("GB", 2) - fee("GB", 1)).toBeGreaterThan(0);
    expect(fee("GB", 3) - fee("GB", 2)).toBe(fee("GB", 2) - fee("GB", 1));
    expect(
      shippingMethod("international-express").fee({ currency: "USD", country: "GB", pieces: 1 }, sellers),
    ).toBeGreaterThan(fee("GB", 1));
  });

  it("offers only methods with a carrier, and lets cash on delivery go only with India's", () => {
    for (const method of Object.values(SHIPPING_METHODS)) {
      if (method.offered) expect(method.carrier).not.toBeNull();
      if (method.zone === "international") expect(method.cashOnDelivery).toBe(false);
    }
  });
});

describe("the methods an address may choose", () => {
  it("offers standard and express in India, standard first", () => {
    expect(codes("IN")).toEqual(["india-standard", "india-express"]);
  });

  it("offers international standard and express abroad, standard first, by DHL Express (decision 082)", () => {
    expect(codes("GB")).toEqual(["international-standard", "international-express"]);
    expect(shippingMethodsFor("US").map((m) => m.carrier)).toEqual(["dhl-express", "dhl-express"]);
    expect(shippingMethodProblem("india-standard", { country: "US", cashOnDelivery: false })).toBe(
      "Standard delivery does not deliver to this address.",
    );
  });

  it("says why a method cannot ship an order", () => {
    expect(shippingMethodProblem("india-express", { country: "IN", cashOnDelivery: true })).toBeNull();
    expect(shippingMethodProblem("india-express", { country: "GB", cashOnDelivery: false })).toBe(
      "Express delivery does not deliver to this address.",
    );
    expect(shippingMethodProblem("international-express", { country: "GB", cashOnDelivery: false })).toBeNull();
    expect(shippingMethodProblem("international-express", { country: "GB", cashOnDelivery: true })).toBe(
      "International express cannot be paid by cash on delivery: choose another delivery or pay online.",
    );
  });
});
