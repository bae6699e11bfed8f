import type { Currency } from "./constants";

/** What a flat fee is reckoned from: the order's currency, the delivery country and the pieces in the parcel. */
export interface ParcelFacts {
  currency: Currency;
  /** ISO 3166 code of the delivery address. */
  country: string;
  pieces: number;
}

export const flatFee =
  (fees: Record<Currency, number>) =>
  ({ currency }: ParcelFacts): number =>
    fees[currency];
