import { describe, expect, it } from "vitest";
import { filledShare, roundToHalf } from "./rating-stars";

describe("rating stars", () => {
  it("round to half stars within 0 to 5", () => {
    expect([4.24, 4.26, 4.74, -1, 7].map(roundToHalf)).toEqual([4, 4.5, 4.5, 0, 5]);
  });

  it("fill whole stars and exactly half of the next one", () => {
    // 5 stars of 24 units, 3 units apart: 132 units in all.
    expect(filledShare(0)).toBe(0);
    expect(filledShare(5)).toBe(1);
    expect(filledShare(1) * 132).toBeCloseTo(27);
    expect(filledShare(4.5) * 132).toBeCloseTo(4 * 27 + 12);
    expect(filledShare(0.5) * 132).toBeCloseTo(12);
  });
});
