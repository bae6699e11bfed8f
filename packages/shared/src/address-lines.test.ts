import { describe, expect, it } from "vitest";
import { addressLines } from "./address-lines";
import { isHomeAddress } from "./home-address-lines";
import { HAND_DELIVERED, handCarrierName, handTrackingUrl } from "./hand-carriers";

describe("addressLines", () => {
  it("ends an address abroad with its country's name", () => {
    expect(
      addressLines({ address: "1200 Pike St\nApt 4", city: "Seattle", state: "WA", pinCode: "98101", country: "US" }),
    ).toEqual(["1200 Pike St", "Apt 4", "Seattle, WA 98101", "United States"]);
  });

  it("leaves India unsaid, and skips parts that are empty", () => {
    expect(
      addressLines({ address: "14 MI Road", city: "Jaipur", state: "Rajasthan", pinCode: "302001", country: "IN" }),
    ).toEqual(["14 MI Road", "Jaipur, Rajasthan 302001"]);
    expect(
      addressLines({ address: "Main St", city: "Singapore", state: "", pinCode: "018956", country: "SG" }),
    ).toEqual(["Main St", "018956", "Singapore"]);
  });

  it("takes an address without a country as one at home (no formats of other countries needed)", () => {
    const at = (country: string) => ({ address: "1 MI Road", city: "Jaipur", state: "", pinCode: "302001", country });
    expect([" ", "in", "IN"].map((country) => isHomeAddress(at(country)))).toEqual([true, true, true]);
    expect(isHomeAddress(at("us"))).toBe(false);
  });

  it("writes the place as the country does (issue 41)", () => {
    const at = (country: string, city: string, state: string, pinCode: string) =>
      addressLines({ address: "1 High St", city, state, pinCode, country });
    expect(at("GB", "London", "", "SW1A 1AA")).toEqual(["1 High St", "London", "SW1A 1AA", "United Kingdom"]);
    expect(at("DE", "Berlin", "", "10115")).toEqual(["1 High St", "10115 Berlin", "Germany"]);
    expect(at("US", "New York", "NY", "10001")).toEqual(["1 High St", "New York, NY 10001", "United States"]);
    expect(at("CA", "Toronto", "ON", "M5V 2T6")).toEqual(["1 High St", "Toronto ON M5V 2T6", "Canada"]);
    expect(at("AE", "Dubai", "Dubai", "")).toEqual(["1 High St", "Dubai, Dubai", "United Arab Emirates"]);
    // A county the British format has no line for is kept, not dropped.
    expect(at("GB", "Canterbury", "Kent", "CT1 2EH")).toEqual([
      "1 High St",
      "Canterbury, Kent",
      "CT1 2EH",
      "United Kingdom",
    ]);
  });
});

describe("hand carriers", () => {
  it("builds a listed courier's tracking link and names the others as typed", () => {
    expect(handTrackingUrl("delhivery", "AB 12/3")).toBe("https://www.delhivery.com/track/package/AB%2012%2F3");
    expect(handTrackingUrl("other", "AB1")).toBeNull();
    expect(handTrackingUrl("delhivery", null)).toBeNull();
    expect(handCarrierName("other", " Jaipur Express ")).toBe("Jaipur Express");
    expect(handCarrierName("bluedart", null)).toBe("Blue Dart");
    expect(handCarrierName(HAND_DELIVERED, null)).toBe("Delivered by hand");
  });
});
