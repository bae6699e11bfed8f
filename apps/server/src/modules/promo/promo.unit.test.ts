import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeDiscount, inactiveReason, type PromoRule } from "./rules";

const NOW = new Date("2026-03-01T12:00:00Z");
const rule = (overrides: Partial<PromoRule> = {}): PromoRule => ({
  code: "TEST",
  kind: "percent",
  value: 10,
  currency: null,
  minAmount: 0,
  minAmountCurrency: overrides.currency ?? "USD",
  minItems: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  usedCount: 0,
  isActive: true,
  ...overrides,
});

describe("computeDiscount", () => {
  it("takes a percentage, rounded down to whole units", () => {
    expect(computeDiscount(rule(), 1000, 1, "INR", NOW)).toEqual({
      ok: true,
      discount: 100,
      message: "Promo code applied: 10% off",
    });
    expect(computeDiscount(rule(), 1419, 2, "INR", NOW)).toMatchObject({ discount: 141 });
    expect(computeDiscount(rule({ value: 15 }), 99, 1, "USD", NOW)).toMatchObject({ discount: 14 });
  });

  it("takes a flat amount in its own currency, never more than the subtotal", () => {
    const flat = rule({ kind: "flat", value: 200, currency: "INR" });
    expect(computeDiscount(flat, 1500, 1, "INR", NOW)).toEqual({
      ok: true,
      discount: 200,
      message: "Promo code applied: ₹200 off",
    });
    expect(computeDiscount(flat, 150, 1, "INR", NOW)).toMatchObject({ ok: true, discount: 150 });
    expect(computeDiscount(rule({ kind: "percent", value: 100 }), 80, 1, "USD", NOW)).toMatchObject({ discount: 80 });
  });

  it("applies a code only in its currency; a flat code without one applies nowhere", () => {
    expect(computeDiscount(rule({ kind: "flat", value: 15, currency: "USD" }), 500, 1, "INR", NOW)).toEqual({
      ok: false,
      reason: "wrong_currency",
      message: "This promo code applies to USD orders only.",
    });
    expect(computeDiscount(rule({ currency: "INR" }), 500, 1, "USD", NOW)).toMatchObject({
      ok: false,
      reason: "wrong_currency",
    });
    expect(computeDiscount(rule({ kind: "flat", value: 5, currency: null }), 500, 1, "USD", NOW)).toMatchObject({
      ok: false,
      reason: "wrong_currency",
    });
  });

  it("checks the minimum amount and the minimum number of items", () => {
    const min = rule({ kind: "flat", value: 200, currency: "INR", minAmount: 999 });
    expect(computeDiscount(min, 998, 5, "INR", NOW)).toEqual({
      ok: false,
      reason: "below_minimum",
      message: "This promo code needs an order of at least ₹999.",
    });
    expect(computeDiscount(min, 999, 1, "INR", NOW)).toMatchObject({ ok: true, discount: 200 });
    const items = rule({ value: 20, minItems: 3 });
    expect(computeDiscount(items, 500, 2, "USD", NOW)).toEqual({
      ok: false,
      reason: "too_few_items",
      message: "This promo code needs at least 3 items in the cart.",
    });
    expect(computeDiscount(items, 500, 3, "USD", NOW)).toMatchObject({ ok: true, discount: 100 });
  });

  it("reads a currency-less code's minimum as USD, converted to INR by the catalogue's INR rule", () => {
    const min = rule({ minAmount: 100 });
    // $100 = 3360 rupees, raised to end in 9.
    expect(computeDiscount(min, 3368, 1, "INR", NOW)).toMatchObject({
      ok: false,
      reason: "below_minimum",
      message: "This promo code needs an order of at least ₹3,369.",
    });
    expect(computeDiscount(min, 3369, 1, "INR", NOW)).toMatchObject({ ok: true });
    expect(computeDiscount(min, 100, 1, "USD", NOW)).toMatchObject({ ok: true, discount: 10 });
  });

  it("converts an INR minimum for a USD cart at the spec's rate, rounded up to the cent", () => {
    // Rs 1999 / 33.6 = $59.494..., so $59.50: the message shows the cents, never "$67,169" or "$1,999".
    const inr = rule({ minAmount: 1999, minAmountCurrency: "INR" });
    expect(computeDiscount(inr, 59.49, 1, "USD", NOW)).toMatchObject({
      ok: false,
      reason: "below_minimum",
      message: "This promo code needs an order of at least $59.50.",
    });
    expect(computeDiscount(inr, 59.5, 1, "USD", NOW)).toMatchObject({ ok: true });
    expect(computeDiscount(inr, 59, 1, "USD", NOW)).toMatchObject({ reason: "below_minimum" });
    expect(computeDiscount(inr, 60, 1, "USD", NOW)).toMatchObject({ ok: true, discount: 6 });
    expect(computeDiscount(inr, 1998, 1, "INR", NOW)).toMatchObject({
      message: "This promo code needs an order of at least ₹1,999.",
    });
    expect(computeDiscount(inr, 1999, 1, "INR", NOW)).toMatchObject({ ok: true, discount: 199 });
  });

  it("names why a code cannot be used, in the same order the shopper hears it", () => {
    expect(inactiveReason(rule(), NOW)).toBeNull();
    expect(inactiveReason(rule({ isActive: false, usedCount: 5, maxUses: 5 }), NOW)).toBe("inactive");
    expect(inactiveReason(rule({ endsAt: NOW }), NOW)).toBe("expired");
    expect(inactiveReason(rule({ startsAt: new Date("2026-03-02T00:00:00Z") }), NOW)).toBe("not_started");
    expect(inactiveReason(rule({ maxUses: 2, usedCount: 2 }), NOW)).toBe("used_up");
    expect(inactiveReason(rule({ maxUses: 2, usedCount: 1 }), NOW)).toBeNull();
  });

  it("honours the active flag, the validity window and the usage limit", () => {
    expect(computeDiscount(rule({ isActive: false }), 500, 1, "USD", NOW)).toMatchObject({
      ok: false,
      reason: "inactive",
    });
    expect(computeDiscount(rule({ startsAt: new Date("2026-03-02T00:00:00Z") }), 500, 1, "USD", NOW)).toMatchObject({
      ok: false,
      reason: "not_started",
    });
    expect(computeDiscount(rule({ endsAt: NOW }), 500, 1, "USD", NOW)).toMatchObject({ ok: false, reason: "expired" });
    expect(
      computeDiscount(rule({ startsAt: new Date("2026-01-01"), endsAt: new Date("2026-12-31") }), 500, 1, "USD", NOW),
    ).toMatchObject({ ok: true });
    expect(computeDiscount(rule({ maxUses: 1, usedCount: 1 }), 500, 1, "USD", NOW)).toMatchObject({
      ok: false,
      reason: "used_up",
    });
    expect(computeDiscount(rule({ maxUses: 2, usedCount: 1 }), 500, 1, "USD", NOW)).toMatchObject({ ok: true });
  });

  it("refuses an empty order and an order too small to discount", () => {
    expect(computeDiscount(rule(), 0, 0, "USD", NOW)).toMatchObject({ ok: false, reason: "empty_order" });
    expect(computeDiscount(rule(), 100, 0, "USD", NOW)).toMatchObject({ ok: false, reason: "empty_order" });
    expect(computeDiscount(rule(), 9, 1, "USD", NOW)).toMatchObject({ ok: false, reason: "no_discount" });
  });

  // The rule restated independently: a percentage rounds down, a flat amount is capped at the subtotal,
  // and a code that would take nothing off is refused rather than applied for 0.
  const expectedDiscount = (kind: "percent" | "flat", value: number, subtotal: number) =>
    kind === "percent" ? Math.floor((subtotal * value) / 100) : Math.min(value, subtotal);

  it("applies every case that takes something off, for the expected amount, and refuses the rest", () => {
    const seen = { applied: 0, refused: 0 };
    for (const kind of ["percent", "flat"] as const) {
      for (const value of [1, 10, 50, 100, 500]) {
        if (kind === "percent" && value > 100) continue;
        for (const subtotal of [1, 7, 99, 100, 1419, 12_345]) {
          const expected = expectedDiscount(kind, value, subtotal);
          const result = computeDiscount(rule({ kind, value, currency: "INR" }), subtotal, 1, "INR", NOW);
          if (expected > 0) {
            expect(result, `${kind} ${value} on ${subtotal}`).toMatchObject({ ok: true, discount: expected });
            seen.applied++;
          } else {
            expect(result, `${kind} ${value} on ${subtotal}`).toMatchObject({ ok: false, reason: "no_discount" });
            seen.refused++;
          }
        }
      }
    }
    // The table must exercise both outcomes, or the checks above prove nothing about one of them.
    expect(seen.applied).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });

  it("never discounts more than the amount, and discounts whenever the rule takes something off", () => {
    const kind = fc.constantFrom("percent" as const, "flat" as const);
    fc.assert(
      fc.property(
        kind,
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (k, raw, subtotal) => {
          const value = k === "percent" ? (raw % 100) + 1 : raw;
          const result = computeDiscount(rule({ kind: k, value, currency: "INR" }), subtotal, 1, "INR", NOW);
          const expected = expectedDiscount(k, value, subtotal);
          expect(result.ok).toBe(expected > 0);
          if (result.ok) {
            expect(result.discount).toBe(expected);
            expect(result.discount).toBeLessThanOrEqual(subtotal);
            expect(Number.isInteger(result.discount)).toBe(true);
          }
        },
      ),
    );
  });
});
