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

/** A method priced by a rule in this table (India's), as a function. */
function flat(code: "india-standard" | "india-express") {
  const fee = shippingMethod(code).fee;
  if (!fee) throw new Error(`${code} has no fee rule`);
  return fee;
}
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
      expect(flat("india-standard")({ currency, country: "IN", pieces: 7 }, sellers)).toBe(0);
  });

  it("charges express the flat fee the seller set, per currency, whatever the pieces", () => {
    const express = { fee: flat("india-express") };
    expect(express.fee({ currency: "INR", country: "IN", pieces: 1 }, sellers)).toBe(149);
    expect(express.fee({ currency: "INR", country: "IN", pieces: 5 }, sellers)).toBe(149);
    expect(express.fee({ currency: "USD", country: "IN", pieces: 1 }, sellers)).toBe(5);
    expect(express.fee({ currency: "INR", country: "IN", pieces: 1 }, SHIPPING_FEES_SEED)).toBe(99);
  });

  it("leaves the international fees to the server's rate cards (decision 080)", () => {
    expect(shippingMethod("international-standard").fee).toBeNull();
    expect(shippingMethod("international-express").fee).toBeNull();
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
