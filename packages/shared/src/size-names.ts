import { sizeLabel } from "./constants";

/**
 * How a size reads to shoppers (issue 40, decision 074), apart from the size-scheme schemas so the
 * storefront's pages can use them without bringing zod into their bundle.
 */
export const CM_PER_INCH = 2.54;

/** The name shoppers read for a size: the scheme's, else the code ("One size" for ONE). */
export function sizeName(size: string, name?: string | null): string {
  return name || sizeLabel(size);
}

/** A size in a sentence: a named size reads as its name ("Double"), a code (or a name that is the code) as "size M". */
export function namedSizePhrase(size: string, name: string | null | undefined, capital = true): string {
  if (name && name !== sizeLabel(size)) return name;
  if (size === "ONE") return capital ? "One size" : "one size";
  return `${capital ? "Size" : "size"} ${size}`;
}

/** A length in cm as inches, to the nearest quarter inch ("15.75"). */
export function cmToInches(cm: number): string {
  const quarters = Math.round((cm / CM_PER_INCH) * 4) / 4;
  return String(quarters);
}
