import maxmind from "maxmind";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type CountryLookup = (ip: string) => string | null;

const PACKAGE = "@ip-location-db/geo-whois-asn-country-mmdb";

/** The country .mmdb shipped in the npm package (IPv4 and IPv6 in one file, CC0, updated with the package). */
export function bundledCountryDbPath(): string {
  const packageJson = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
  return join(dirname(packageJson), "geo-whois-asn-country.mmdb");
}

/**
 * Opens the database on first use only (the whole file is read into memory), once per process however many
 * requests race for it. A failed open is not cached, so a later request tries again.
 */
export function lazyCountryLookup(path: string = bundledCountryDbPath()): () => Promise<CountryLookup> {
  let opening: Promise<CountryLookup> | undefined;
  return () => {
    opening ??= maxmind.open(path).then(
      (reader) => (ip: string) => normaliseCountry(countryCodeOf(reader.get(ip))),
      (err: unknown) => {
        opening = undefined;
        throw err;
      },
    );
    return opening;
  };
}

/**
 * The ip-location-db databases hold `{ country_code }` records, not MaxMind's GeoIP2 shape that the
 * library's types describe, so the record is read as unknown and checked.
 */
function countryCodeOf(record: unknown): string | undefined {
  if (typeof record !== "object" || record === null || !("country_code" in record)) return undefined;
  return typeof record.country_code === "string" ? record.country_code : undefined;
}

/** ISO 3166-1 alpha-2 only; "XX" (unknown) and "T1" (Tor), as some CDNs send, mean we cannot tell. */
export function normaliseCountry(value: string | undefined | null): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || code === "XX") return null;
  return code;
}
