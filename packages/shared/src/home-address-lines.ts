/**
 * An address in India as the store shows it, apart from the address formats of other countries
 * (address-lines.ts): the order page loads those only for an address abroad (decision 112).
 */
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

/** An address at home (or with no country), written without the formats of other countries. */
export function isHomeAddress(address: PostalAddress): boolean {
  const code = address.country.trim().toUpperCase();
  return !code || code === HOME_COUNTRY;
}

/** The street lines as typed, without empty ones. */
export function streetLines(address: PostalAddress): string[] {
  return address.address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The street lines, then "City, State PIN" on one line. */
export function homeAddressLines(address: PostalAddress): string[] {
  const town = [address.city, address.state]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
  const line = [town, address.pinCode.trim()].filter(Boolean).join(" ");
  return [...streetLines(address), ...(line ? [line] : [])];
}
