import { describe, expect, it } from "vitest";
import { lookupKeys } from "./lookup";

const matches = (order: { countryCode: string; mobileNumber: string }, phone: string) => {
  const keys = lookupKeys({ email: null, ...order }, { phone });
  return keys.given === keys.expected;
};

describe("lookupKeys: the order's phone as its international number", () => {
  it("reads checkout's country code and mobile number the way they were typed", () => {
    for (const mobileNumber of ["98290 12345", "098290 12345", "+91 98290 12345", "919829012345", "98290-12345"])
      expect(matches({ countryCode: "+91", mobileNumber }, "919829012345"), mobileNumber).toBe(true);
    expect(matches({ countryCode: "+44", mobileNumber: "020 7946 0958" }, "442079460958")).toBe(true);
  });

  it("drops a trunk 0 written after the country code", () => {
    expect(matches({ countryCode: "+91", mobileNumber: "9829012345" }, "9109829012345")).toBe(true);
    expect(matches({ countryCode: "+44", mobileNumber: "+44 (0)20 7946 0958" }, "442079460958")).toBe(true);
  });

  it("never matches the same last ten digits in another country, or a part of the number", () => {
    expect(matches({ countryCode: "+91", mobileNumber: "9829012345" }, "449829012345")).toBe(false);
    expect(matches({ countryCode: "+91", mobileNumber: "9829012345" }, "91982901234")).toBe(false);
    expect(matches({ countryCode: "+91", mobileNumber: "9829012345" }, "9198290123456")).toBe(false);
  });

  it("compares an e-mail in lower case, never with a phone, and never an order without one", () => {
    const order = { email: " Meera@Example.in", countryCode: "+91", mobileNumber: "9829012345" };
    const same = lookupKeys(order, { email: "meera@example.in" });
    expect(same.given).toBe(same.expected);
    const none = lookupKeys({ ...order, email: null }, { email: "meera@example.in" });
    expect(none.given).not.toBe(none.expected);
    const crossed = lookupKeys(order, { phone: "919829012345" });
    expect(crossed.expected).not.toContain("meera");
  });
});
