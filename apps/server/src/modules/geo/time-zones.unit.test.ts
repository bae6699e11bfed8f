import {
  getAllCountries,
  getCountry,
  getCountryForTimezone,
  getTimezone,
  type CountryCode,
} from "countries-and-timezones";
import { MAIN_TIME_ZONES, STATE_TIME_ZONES } from "@store/shared/time-zones.data";
import { addressShape } from "@store/shared/address-format";
import { describe, expect, it } from "vitest";
import { isZoneOf, shopperTimeZone } from "./time-zones";

/** US military post (APO/FPO) "states": no clock of their own; the country's main zone is taken. */
const ARMED_FORCES = new Set(["AA", "AE", "AP"]);

describe("shopperTimeZone (decision 084)", () => {
  it("India is always Asia/Kolkata, whatever the browser says", () => {
    expect(shopperTimeZone({ country: "IN", state: "Rajasthan", browserZone: "Europe/London" })).toBe("Asia/Kolkata");
    expect(shopperTimeZone({ country: "IN", state: "" })).toBe("Asia/Kolkata");
  });

  it("takes the browser's zone when it is one of the delivery country's, old names included", () => {
    expect(shopperTimeZone({ country: "GB", state: "", browserZone: "Europe/London" })).toBe("Europe/London");
    expect(shopperTimeZone({ country: "US", state: "NY", browserZone: "America/Chicago" })).toBe("America/Chicago");
    expect(shopperTimeZone({ country: "NL", state: "", browserZone: "Europe/Amsterdam" })).toBe("Europe/Amsterdam");
  });

  it("sets aside a browser zone of another country, an unknown one, or one without a country", () => {
    expect(shopperTimeZone({ country: "US", state: "NY", browserZone: "Europe/London" })).toBe("America/New_York");
    expect(shopperTimeZone({ country: "GB", state: "", browserZone: "Mars/Olympus_Mons" })).toBe("Europe/London");
    expect(shopperTimeZone({ country: "GB", state: "", browserZone: "UTC" })).toBe("Europe/London");
    expect(isZoneOf("US", "Europe/London")).toBe(false);
  });

  it("without a browser zone: the state's in the US, Canada and Australia, else the country's main zone", () => {
    expect(shopperTimeZone({ country: "US", state: "NY" })).toBe("America/New_York");
    expect(shopperTimeZone({ country: "US", state: "WA" })).toBe("America/Los_Angeles");
    expect(shopperTimeZone({ country: "US", state: "AZ" })).toBe("America/Phoenix");
    expect(shopperTimeZone({ country: "CA", state: "BC" })).toBe("America/Vancouver");
    expect(shopperTimeZone({ country: "AU", state: "WA" })).toBe("Australia/Perth");
    expect(shopperTimeZone({ country: "US", state: "AA" })).toBe("America/New_York");
    expect(shopperTimeZone({ country: "DE", state: "" })).toBe("Europe/Berlin");
    expect(shopperTimeZone({ country: "ES", state: "M" })).toBe("Europe/Madrid");
    expect(shopperTimeZone({ country: "AE", state: "Dubai" })).toBe("Asia/Dubai");
  });

  it("the state table covers every state of the address forms' lists (but the armed forces), with zones of the country", () => {
    for (const [country, states] of Object.entries(STATE_TIME_ZONES)) {
      const listed = (addressShape(country).states ?? [])
        .map((s) => s.value)
        .filter((s) => !(country === "US" && ARMED_FORCES.has(s)));
      expect(Object.keys(states).sort(), country).toEqual(listed.sort());
      for (const zone of Object.values(states)) {
        expect(getTimezone(zone), zone).not.toBeNull();
        expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
      }
    }
  });

  it("every country whose own zones keep different clocks has its main zone named, one of its own", () => {
    const unnamed = Object.keys(getAllCountries()).filter((country) => {
      const own = (getCountry(country as CountryCode)?.timezones ?? []).filter(
        (z) => getCountryForTimezone(z)?.id === country,
      );
      return new Set(own.map((z) => getTimezone(z)?.utcOffset)).size > 1 && !MAIN_TIME_ZONES[country];
    });
    expect(unnamed).toEqual(["AQ"]); // Antarctica: no deliveries there.
    for (const [country, zone] of Object.entries(MAIN_TIME_ZONES)) expect(isZoneOf(country, zone), zone).toBe(true);
  });
});
