import { silentLog } from "../../log";
import { describe, expect, it, vi } from "vitest";
import { cdnCountryOf, decideCurrency } from "./currency-decision";
import { createGeoService } from "./service";

/** The geo service with a fake database: 49.44.64.1 is in India, 8.8.8.8 in the US. */
const geo = createGeoService(() =>
  Promise.resolve((ip: string) => ({ "49.44.64.1": "IN", "8.8.8.8": "US" })[ip] ?? null),
);
const countryFor = vi.fn(geo.countryFor);
const decide = (input: { cookie?: string; ip?: string; cdnCountry?: string }) =>
  decideCurrency({ cookie: input.cookie, ip: input.ip, cdnCountry: input.cdnCountry }, countryFor, silentLog);

describe("decideCurrency (spec section 4, decided by the server)", () => {
  it("takes the remembered choice first, whatever the country says, without looking it up", async () => {
    countryFor.mockClear();
    expect(await decide({ cookie: "a=1; currency=USD", cdnCountry: "IN", ip: "49.44.64.1" })).toEqual({
      currency: "USD",
      askLocation: false,
    });
    expect(await decide({ cookie: "currency=INR", cdnCountry: "US" })).toEqual({ currency: "INR", askLocation: false });
    expect(countryFor).not.toHaveBeenCalled();
  });

  it("then the CDN's country header, before the IP", async () => {
    expect(await decide({ cdnCountry: "in", ip: "8.8.8.8" })).toEqual({ currency: "INR", askLocation: false });
    expect(await decide({ cdnCountry: "US", ip: "49.44.64.1" })).toEqual({ currency: "USD", askLocation: true });
  });

  it("then the client's IP in the offline database; an unusable cookie or header counts as none", async () => {
    expect(await decide({ ip: "49.44.64.1", cookie: "currency=EUR", cdnCountry: "XX" })).toEqual({
      currency: "INR",
      askLocation: false,
    });
    expect(await decide({ ip: "8.8.8.8" })).toEqual({ currency: "USD", askLocation: true });
  });

  it("leaves an unknown country (loopback, private, unlisted) to the browser's position, in USD meanwhile", async () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "1.2.3.4", undefined]) {
      expect(await decide({ ip }), String(ip)).toEqual({ currency: "USD", askLocation: true });
    }
  });

  it("falls back to INR, without asking the browser, when the lookup fails", async () => {
    const broken = createGeoService(() => Promise.reject(new Error("no database")));
    const log = { ...silentLog, error: vi.fn() };
    const decision = await decideCurrency(
      { cookie: undefined, ip: "8.8.8.8", cdnCountry: undefined },
      broken.countryFor,
      log,
    );
    expect(decision).toEqual({ currency: "INR", askLocation: false });
    expect(log.error).toHaveBeenCalledOnce();
  });
});

describe("cdnCountryOf", () => {
  it("reads the configured header whatever its case, first value only", () => {
    expect(cdnCountryOf({ "cf-ipcountry": "IN" }, "CF-IPCountry")).toBe("IN");
    expect(cdnCountryOf({ "cf-ipcountry": ["US", "IN"] }, "cf-ipcountry")).toBe("US");
    expect(cdnCountryOf({ "cf-ipcountry": "IN" }, undefined)).toBeUndefined();
  });
});
