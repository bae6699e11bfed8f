/**
 * Demo promo rules, one per rule the promo service must handle (percent, flat per currency, minimum
 * amount, minimum items, expiry, inactive, usage cap). The flat value is in major units of `currency`,
 * the minimum in major units of `minAmountCurrency` (the code's currency unless given).
 */
export interface PromoSeed {
  code: string;
  kind: "percent" | "flat";
  value: number;
  currency: "INR" | "USD" | null;
  minAmount: number;
  minAmountCurrency: "INR" | "USD";
  minItems: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  isActive: boolean;
}

const rule = (code: string, kind: PromoSeed["kind"], value: number, extra: Partial<PromoSeed> = {}): PromoSeed => ({
  code, kind, value, currency: null, minAmount: 0, minItems: 0, startsAt: null, endsAt: null, maxUses: null, isActive: true,
  minAmountCurrency: extra.currency ?? "USD", ...extra,
});

export const PROMO_CODES: readonly PromoSeed[] = [
  rule("WELCOME10", "percent", 10),
  rule("FLAT200", "flat", 200, { currency: "INR", minAmount: 999 }),
  rule("SAVE15USD", "flat", 15, { currency: "USD", minAmount: 100 }),
  rule("FESTIVE20", "percent", 20, { minItems: 3 }),
  // A fixed past date, not "now minus a day", so re-seeding writes identical rows.
  rule("EXPIRED5", "percent", 5, { startsAt: new Date("2024-10-01T00:00:00Z"), endsAt: new Date("2025-01-31T23:59:59Z") }),
  rule("INACTIVE50", "percent", 50, { isActive: false }),
  rule("LIMITED1", "percent", 25, { maxUses: 1 }),
];
