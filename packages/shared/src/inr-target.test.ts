import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unreachableInrMessage, usdCentsForInr, usdCentsRangeForInr, usdForInrTarget } from "./inr-target";
import { inrFromUsdCents } from "./money";

const MAX = 100_000_000;

describe("target rupee price -> USD cents", () => {
  it("answers ₹899 with $26.46 to $26.75", () => {
    expect(usdForInrTarget(899, MAX)).toEqual({ reachable: true, range: { inr: 899, minCents: 2646, maxCents: 2675 } });
    expect(inrFromUsdCents(2645)).toBe(889);
    expect(inrFromUsdCents(2646)).toBe(899);
    expect(inrFromUsdCents(2675)).toBe(899);
    expect(inrFromUsdCents(2676)).toBe(909);
  });

  it("names the reachable neighbours of an amount that does not end in 9", () => {
    expect(usdForInrTarget(900, MAX)).toEqual({
      reachable: false,
      below: { inr: 899, minCents: 2646, maxCents: 2675 },
      above: { inr: 909, minCents: 2676, maxCents: 2705 },
    });
    expect(usdForInrTarget(5, MAX)).toEqual({
      reachable: false,
      below: null,
      above: { inr: 9, minCents: 0, maxCents: 26 },
    });
  });

  it("stops at the largest price the catalogue takes", () => {
    const top = inrFromUsdCents(1000);
    expect(usdForInrTarget(top + 10, 1000)).toEqual({
      reachable: false,
      below: usdCentsRangeForInr(top, 1000),
      above: null,
    });
  });

  it("every cent inside the range gives the target, the cents either side do not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000_000 }), (n) => {
        const inr = n * 10 + 9;
        const range = usdCentsRangeForInr(inr);
        expect(range).not.toBeNull();
        if (!range) return;
        expect(inrFromUsdCents(range.minCents)).toBe(inr);
        expect(inrFromUsdCents(range.maxCents)).toBe(inr);
        if (range.minCents > 0) expect(inrFromUsdCents(range.minCents - 1)).toBeLessThan(inr);
        expect(inrFromUsdCents(range.maxCents + 1)).toBeGreaterThan(inr);
      }),
    );
  });

  it("a cents price's own rupee amount is always found again", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX }), (cents) => {
        const answer = usdForInrTarget(inrFromUsdCents(cents), MAX);
        expect(answer.reachable).toBe(true);
        if (answer.reachable) {
          expect(answer.range.minCents).toBeLessThanOrEqual(cents);
          expect(answer.range.maxCents).toBeGreaterThanOrEqual(cents);
        }
      }),
    );
  });

  it("an amount not ending in 9 is never reached, and its neighbours are the closest that are", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 30_000_000 }).filter((n) => n % 10 !== 9),
        (inr) => {
          const answer = usdForInrTarget(inr, MAX);
          expect(answer.reachable).toBe(false);
          if (answer.reachable) return;
          expect(answer.below?.inr).toBeLessThan(inr);
          expect(inr - (answer.below?.inr ?? 0)).toBeLessThan(10);
          expect((answer.above?.inr ?? Infinity) - inr).toBeLessThan(10);
        },
      ),
    );
  });
});

describe("rupee prices typed by the seller (issue 40 point 15)", () => {
  it("stores a typed rupee price as the smallest cents that give it, and it gives it back", () => {
    expect(usdCentsForInr(899, MAX)).toBe(2646);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000_000 }), (n) => {
        const inr = n * 10 + 9;
        const cents = usdCentsForInr(inr, MAX);
        expect(cents).not.toBeNull();
        expect(inrFromUsdCents(cents ?? 0)).toBe(inr);
        if (cents && cents > 0) expect(inrFromUsdCents(cents - 1)).toBeLessThan(inr);
      }),
    );
  });

  it("refuses an amount the rule cannot reach, naming the nearest ones", () => {
    expect(usdCentsForInr(900, MAX)).toBeNull();
    expect(unreachableInrMessage(900, MAX)).toBe("₹900 cannot be reached: rupee prices end in 9. Type ₹899 or ₹909.");
    expect(unreachableInrMessage(5, MAX)).toBe("₹5 cannot be reached: rupee prices end in 9. Type ₹9.");
    expect(unreachableInrMessage(899, MAX)).toBe("");
  });
});
