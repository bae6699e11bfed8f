import { describe, expect, it } from "vitest";
import { currencyByPosition, insideIndia } from "./detect-currency";

const JAIPUR = { latitude: 26.91, longitude: 75.79 };
const PARIS = { latitude: 48.85, longitude: 2.35 };
const denied = () => Promise.reject(Object.assign(new Error("User denied Geolocation"), { code: 1 }));

describe("insideIndia (spec: latitude 8 to 37, longitude 68 to 97)", () => {
  it("includes the edges of the box and nothing outside it", () => {
    expect(insideIndia(JAIPUR)).toBe(true);
    expect(insideIndia({ latitude: 8, longitude: 68 })).toBe(true);
    expect(insideIndia({ latitude: 37, longitude: 97 })).toBe(true);
    expect(insideIndia({ latitude: 7.99, longitude: 75 })).toBe(false);
    expect(insideIndia({ latitude: 20, longitude: 97.01 })).toBe(false);
    expect(insideIndia(PARIS)).toBe(false);
  });
});

describe("currencyByPosition (spec section 4, step 2; the IP is the server's)", () => {
  it("inside the India box INR, elsewhere USD", async () => {
    expect(await currencyByPosition(() => Promise.resolve(JAIPUR))).toBe("INR");
    expect(await currencyByPosition(() => Promise.resolve(PARIS))).toBe("USD");
  });

  it("falls back to INR when geolocation is denied or unsupported", async () => {
    expect(await currencyByPosition(denied)).toBe("INR");
    expect(await currencyByPosition(() => Promise.reject(new Error("Geolocation is not supported")))).toBe("INR");
  });
});
