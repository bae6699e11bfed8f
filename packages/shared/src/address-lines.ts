import { countryName } from "./gst";

export interface PostalAddress {
  /** The street lines as the shopper typed them (may hold line breaks). */
  address: string;
  city: string;
  state: string;
  pinCode: string;
  /** ISO 3166 code of the country. */
  country: string;
}

/** The store's home: an address here needs no country line (an Indian courier or reader assumes it). */
const HOME_COUNTRY = "IN";

/**
 * An address as the store prints or shows it, one entry a line (issue 40, point 18): the street lines, then
 * "City, State PIN", then the country's name when it is not India, so "Seattle, WA 98101" cannot be read
 * as somewhere else. Packing slips, the back office's order page, the shopper's order page and the e-mails
 * all use it; the tax invoice always names the country (a GST document states the place of supply).
 */
export function addressLines(address: PostalAddress): string[] {
  const street = address.address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const place = [address.city, address.state]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
  const placeLine = [place, address.pinCode.trim()].filter(Boolean).join(" ");
  const lines = placeLine ? [...street, placeLine] : street;
  const code = address.country.trim().toUpperCase();
  if (code && code !== HOME_COUNTRY) lines.push(countryName(code) ?? code);
  return lines;
}
