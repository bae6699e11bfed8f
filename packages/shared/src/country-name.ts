const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** A country's English name from its ISO 3166 code ("GB" -> "United Kingdom"), or null for a code that is none. */
export function countryName(code: string): string | null {
  return /^[A-Z]{2}$/.test(code) ? (regions.of(code) ?? null) : null;
}
