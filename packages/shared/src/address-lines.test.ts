import { describe, expect, it } from "vitest";
import { addressLines } from "./address-lines";
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
    ).toEqual(["Main St", "Singapore 018956", "Singapore"]);
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
