import { INR_PER_USD_RATIO } from "./constants";
import { formatMoney, inrFromUsdCents } from "./money";

/** The USD cents range [min, max] whose INR price (the spec's rule) is exactly `inr`. */
export interface UsdCentsRange {
  inr: number;
  minCents: number;
  maxCents: number;
}

/** The answer to "which USD price gives this rupee price?": the range, or the reachable neighbours. */
export type InrTargetAnswer =
  | { reachable: true; range: UsdCentsRange }
  | { reachable: false; below: UsdCentsRange | null; above: UsdCentsRange | null };

const { numerator, denominator } = INR_PER_USD_RATIO;
// inr(c) = endInNine(ceil(c * r)) with r = numerator / (denominator * 100) rupees per cent.
const RATE_DEN = denominator * 100;

/**
 * Every USD cents amount whose INR price is exactly `inr`, or null when none is. The rule is monotone in
 * the cents, and for an `inr` ending in 9 it holds exactly when ceil(c * r) lies in [inr - 9, inr], i.e.
 * (inr - 10) / r < c <= inr / r; integer division keeps it exact.
 */
export function usdCentsRangeForInr(inr: number, maxCents = Number.MAX_SAFE_INTEGER): UsdCentsRange | null {
  if (!Number.isSafeInteger(inr) || inr < 0 || inr % 10 !== 9) return null;
  const minCents = inr < 10 ? 0 : Math.floor(((inr - 10) * RATE_DEN) / numerator) + 1;
  const maxRaw = Math.floor((inr * RATE_DEN) / numerator);
  const max = Math.min(maxRaw, maxCents);
  return minCents <= max ? { inr, minCents, maxCents: max } : null;
}

/**
 * The seller's "target rupee price": the USD cents that yield it, or, when the rule cannot reach it, the
 * nearest reachable rupee prices below and above with their USD ranges. `maxCents` is the largest price
 * the catalogue accepts.
 */
export function usdForInrTarget(inr: number, maxCents: number): InrTargetAnswer {
  if (!Number.isSafeInteger(inr) || inr < 0) throw new RangeError(`Expected a whole non-negative amount, got ${inr}`);
  const exact = usdCentsRangeForInr(inr, maxCents);
  if (exact) return { reachable: true, range: exact };
  // Reachable amounts are exactly the ones ending in 9 up to the top price's (each 10-rupee band is ~29.8
  // cents wide, so it always holds a whole cent).
  const top = inrFromUsdCents(maxCents);
  const belowInr = inr - (inr % 10) - 1;
  const aboveInr = inr - (inr % 10) + 9;
  return {
    reachable: false,
    below: belowInr >= 0 && belowInr <= top ? usdCentsRangeForInr(belowInr, maxCents) : null,
    above: aboveInr <= top ? usdCentsRangeForInr(aboveInr, maxCents) : null,
  };
}

/**
 * The USD price a rupee price typed by the seller is stored as (decision 078): the smallest cents amount
 * that gives exactly that rupee price, or null when the rule cannot reach it. Every shop price is then the
 * rupee price she typed, and USD shoppers pay the fewest whole dollars the range allows.
 */
export function usdCentsForInr(inr: number, maxCents: number): number | null {
  return usdCentsRangeForInr(inr, maxCents)?.minCents ?? null;
}

/** Why a typed rupee price cannot be stored, naming the nearest rupee prices the shop's rule can reach. */
export function unreachableInrMessage(inr: number, maxCents: number): string {
  const answer = usdForInrTarget(inr, maxCents);
  if (answer.reachable) return "";
  const near = [answer.below, answer.above]
    .filter((r): r is UsdCentsRange => r !== null)
    .map((r) => formatMoney(r.inr, "INR"));
  return `${formatMoney(inr, "INR")} cannot be reached: rupee prices end in 9. Type ${near.join(" or ")}.`;
}
