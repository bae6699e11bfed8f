import { PRINT_FORMATS } from "./address-print-formats.data";
import { countryName } from "./country-name";
import { homeAddressLines, isHomeAddress, streetLines, type PostalAddress } from "./home-address-lines";

/**
 * An address as the store prints or shows it, one entry a line (issue 40, point 18): the street lines, then
 * the place as its country writes it (issue 41: "London" / "SW1A 1AA", "10115 Berlin", "New York, NY
 * 10001", from the address formats of decision 079; India as always, "City, State PIN"), then the country's
 * name when it is not India. Packing slips, the back office's order page, the shopper's order page and the
 * e-mails all use it; the tax invoice always names the country (a GST document states the place of supply).
 */
export function addressLines(address: PostalAddress): string[] {
  if (isHomeAddress(address)) return homeAddressLines(address);
  const code = address.country.trim().toUpperCase();
  const place = { city: address.city, state: address.state, pin_code: address.pinCode };
  return [...streetLines(address), ...placeLines(code, place), countryName(code) ?? code];
}

type Place = { city: string; state: string; pin_code: string };

const FIELDS: Record<string, keyof Place> = { "%C": "city", "%S": "state", "%Z": "pin_code" };
/** libaddressinput's default format (a country the data has no format for). */
const DEFAULT_FORMAT = "%N%n%O%n%A%n%C";

/**
 * The place lines of an address as its country's format writes them after the street. A part the format
 * has no place for but the shopper typed is kept, after the first line, unless it only repeats the
 * country's name (a Singapore address's city).
 */
export function placeLines(country: string, place: Place): string[] {
  const fmt = PRINT_FORMATS[country] ?? DEFAULT_FORMAT;
  const used = new Set<keyof Place>();
  const lines = fmt
    .split("%n")
    .filter((line) => !/%[NOA]/.test(line))
    .map((line) => {
      let out = "";
      let separator = "";
      for (const part of line.split(/(%[A-Z])/)) {
        if (!part.startsWith("%")) {
          // Keep what stands between parts (", ", " "), not fixed words ("SINGAPORE").
          separator = part.replace(/[^\s,/-]/g, "");
          continue;
        }
        const field = FIELDS[part];
        if (!field) continue;
        used.add(field);
        const value = place[field].trim();
        if (!value) continue;
        out += (out ? separator || " " : "") + value;
        separator = "";
      }
      return out.trim();
    })
    .filter(Boolean);
  const name = (countryName(country) ?? "").toLowerCase();
  const extras = (["city", "state", "pin_code"] as const)
    .filter((field) => !used.has(field))
    .map((field) => place[field].trim())
    .filter((value) => value && value.toLowerCase() !== name);
  if (extras.length === 0) return lines;
  const [first, ...rest] = lines;
  return first ? [[first, ...extras].join(", "), ...rest] : [extras.join(", ")];
}
