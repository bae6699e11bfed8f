import { describe, expect, it, vi } from "vitest";
import { detectCurrency, insideIndia, type DetectionSources } from "./detect-currency";

const JAIPUR = { latitude: 26.91, longitude: 75.79 };
const PARIS = { latitude: 48.85, longitude: 2.35 };
const denied = () => Promise.reject(Object.assign(new Error("User denied Geolocation"), { code: 1 }));

function sources(country: string | null | Error, position: () => Promise<{ latitude: number; longitude: number }>) {
  const spy: DetectionSources = {
    countryByIp: vi.fn(() => (country instanceof Error ? Promise.reject(country) : Promise.resolve(country))),
    position: vi.fn(position),
  };
  return spy;
}

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

describe("detectCurrency (spec section 4, in its order)", () => {
  it("uses INR for an Indian IP without asking for the position", async () => {
    const s = sources("IN", () => Promise.resolve(PARIS));
    expect(await detectCurrency(s)).toBe("INR");
    expect(s.position).not.toHaveBeenCalled();
  });

  it("asks for the position otherwise: inside the India box INR, elsewhere USD", async () => {
    expect(await detectCurrency(sources("US", () => Promise.resolve(JAIPUR)))).toBe("INR");
    expect(await detectCurrency(sources("FR", () => Promise.resolve(PARIS)))).toBe("USD");
    expect(await detectCurrency(sources(null, () => Promise.resolve(PARIS)))).toBe("USD");
  });

  it("falls back to INR when geolocation is denied or unsupported", async () => {
    expect(await detectCurrency(sources("US", denied))).toBe("INR");
    expect(await detectCurrency(sources(null, () => Promise.reject(new Error("Geolocation is not supported"))))).toBe(
      "INR",
    );
  });

  it("falls back to INR when the IP lookup fails, without asking for the position", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const s = sources(new Error("network"), () => Promise.resolve(PARIS));
    expect(await detectCurrency(s)).toBe("INR");
    expect(s.position).not.toHaveBeenCalled();
  });
});
