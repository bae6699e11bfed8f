import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endInNine, formatMoney, inrFromUsdCents, priceIn, rupeesText, toMinorUnits } from "./money";

describe("INR price rule (x33.6, round up, raise to end in 9)", () => {
  it("converts whole dollars", () => {
    // $10 = 336 rupees -> 339; $1 = 33.6 -> 34 -> 39; $25 = 840 -> 849
    expect(inrFromUsdCents(1000)).toBe(339);
    expect(inrFromUsdCents(100)).toBe(39);
    expect(inrFromUsdCents(2500)).toBe(849);
  });

  it("keeps a rounded amount that already ends in 9", () => {
    // $0.25 = 8.4 rupees -> 9 stays 9
    expect(inrFromUsdCents(25)).toBe(9);
    expect(endInNine(1239)).toBe(1239);
  });

  it("never rounds down and always ends in 9", () => {
    for (let cents = 0; cents <= 50_000; cents += 7) {
      const inr = inrFromUsdCents(cents);
      expect(inr % 10).toBe(9);
      expect(inr).toBeGreaterThanOrEqual(cents * 0.336);
      expect(inr - Math.ceil((cents * 336) / 1000)).toBeLessThan(10);
    }
  });

  it("rejects amounts that are not whole and non-negative", () => {
    expect(() => inrFromUsdCents(-1)).toThrow(RangeError);
    expect(() => inrFromUsdCents(1.5)).toThrow(RangeError);
  });
});

describe("priceIn and display", () => {
  it("gives whole dollars in USD and the INR rule in INR", () => {
    expect(priceIn("USD", 4200)).toBe(42);
    expect(priceIn("INR", 4200)).toBe(1419);
  });

  it("formats without decimals, en-IN for INR and en-US for USD", () => {
    expect(formatMoney(123459, "INR")).toBe("₹1,23,459");
    expect(formatMoney(1234, "USD")).toBe("$1,234");
  });

  it("formats money exactly as Intl.NumberFormat does (the browser is spared its ICU start-up)", () => {
    const intl = {
      INR: new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }),
      USD: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
    };
    const edges = [0, -0, 0.5, 1.5, 2.5, -2.5, 999, 1000, 99999, 100000, 1e7, 12.49, 12.5, -1234.5, 2 ** 53, 1e21, NaN];
    for (const currency of ["INR", "USD"] as const) {
      for (const amount of edges) expect(formatMoney(amount, currency)).toBe(intl[currency].format(amount));
    }
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.double({ min: -1e9, max: 1e9, noNaN: true })),
        fc.constantFrom("INR" as const, "USD" as const),
        (amount, currency) => formatMoney(amount, currency) === intl[currency].format(amount),
      ),
      { numRuns: 5000 },
    );
  });

  it("prints paise with Indian grouping and two decimals", () => {
    const grouping = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
    expect(rupeesText(123456789)).toBe("12,34,567.89");
    expect(rupeesText(-5)).toBe("-0.05");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (paise) => {
        const rupees = grouping.format(Math.floor(paise / 100));
        return rupeesText(paise) === `${rupees}.${String(paise % 100).padStart(2, "0")}`;
      }),
    );
  });

  it("sends card amounts in minor units", () => {
    expect(toMinorUnits(1419)).toBe(141900);
  });
});

describe("INR rule, property-based", () => {
  // Up to $10 million in cents: far beyond any catalogue price, still exact in integer arithmetic.
  const cents = fc.integer({ min: 0, max: 1_000_000_000 });
  /** The exact conversion as a fraction: cents x 336 / 1000 rupees, compared without floating point. */
  const exactCeil = (c: number) => Math.ceil((c * 336) / 1000);

  it("always ends in 9", () => {
    fc.assert(fc.property(cents, (c) => inrFromUsdCents(c) % 10 === 9));
  });

  it("is never below the exact conversion", () => {
    // inr >= c x 0.336  <=>  inr x 1000 >= c x 336, kept in integers so no rounding hides a shortfall.
    fc.assert(fc.property(cents, (c) => inrFromUsdCents(c) * 1000 >= c * 336));
  });

  it("raises the rounded-up rupees by less than 10", () => {
    fc.assert(fc.property(cents, (c) => inrFromUsdCents(c) < exactCeil(c) + 10));
  });

  it("is monotonic: a higher price in cents never gives fewer rupees", () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return inrFromUsdCents(low) <= inrFromUsdCents(high);
      }),
    );
  });

  it("endInNine is idempotent and the smallest amount >= its input ending in 9", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER - 10 }), (n) => {
        const once = endInNine(n);
        return endInNine(once) === once && once >= n && once - n < 10 && once % 10 === 9;
      }),
    );
  });

  it("priceIn agrees with the INR rule and gives whole dollars in USD", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (dollars) => {
        const c = dollars * 100;
        return priceIn("INR", c) === inrFromUsdCents(c) && priceIn("USD", c) === dollars;
      }),
    );
  });
});
