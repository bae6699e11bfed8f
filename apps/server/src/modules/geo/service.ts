import { lazyCountryLookup, normaliseCountry } from "./country-db";
import { publicAddress } from "./ip-ranges";

/**
 * The shopper's country for the currency detection: the CDN's country header when the deployment has
 * one (it knows the real client behind every proxy), else the offline database. No third-party call.
 */
export function createGeoService(openLookup = lazyCountryLookup()) {
  return {
    async countryFor(input: { ip: string | undefined; cdnCountry?: string }): Promise<string | null> {
      const fromCdn = normaliseCountry(input.cdnCountry);
      if (fromCdn) return fromCdn;
      const address = publicAddress(input.ip);
      if (!address) return null;
      const lookup = await openLookup();
      return lookup(address);
    },
  };
}
