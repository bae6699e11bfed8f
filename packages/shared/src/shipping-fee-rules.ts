import type { Currency } from "./constants";

/** What a fee is reckoned from: the order's currency, the delivery country and the pieces in the parcel. */
export interface ParcelFacts {
  currency: Currency;
  /** ISO 3166 code of the delivery address. */
  country: string;
  pieces: number;
}

/**
 * The seller does not record weights yet: each piece counts half a kilo (hand-made textiles, folded), as
 * the courier is told; the courier re-weighs and bills the difference.
 */
export const GRAMS_PER_PIECE = 500;

/** International zones: the fee rises with distance; anything not listed is the rest of the world. */
const NEAR_ABROAD = new Set(["NP", "BT", "BD", "LK", "MV", "PK", "AE", "OM", "QA", "BH", "KW", "SA", "SG", "MY"]);
export type InternationalZone = "near" | "world";
export const internationalZone = (country: string): InternationalZone =>
  NEAR_ABROAD.has(country.toUpperCase()) ? "near" : "world";

/** A fee by zone and weight: the first half kilo, then each further half kilo (or part of one). */
export type WeightRate = Record<InternationalZone, { firstHalfKg: number; eachHalfKgMore: number }>;

export function byZoneAndWeight(rates: Record<Currency, WeightRate>) {
  return ({ currency, country, pieces }: ParcelFacts): number => {
    const rate = rates[currency][internationalZone(country)];
    const halfKilos = Math.max(1, Math.ceil((Math.max(pieces, 1) * GRAMS_PER_PIECE) / 500));
    return rate.firstHalfKg + (halfKilos - 1) * rate.eachHalfKgMore;
  };
}

export const flatFee =
  (fees: Record<Currency, number>) =>
  ({ currency }: ParcelFacts): number =>
    fees[currency];
