import {
  formatMinor,
  formatMoney,
  promoMinimumMinor,
  toMinorUnits,
  type Currency,
  type PromoInactiveReason,
  type PromoReason,
} from "@store/shared";
import type { promoCodes } from "./tables";

export type PromoRule = Pick<
  typeof promoCodes.$inferSelect,
  | "code"
  | "kind"
  | "value"
  | "currency"
  | "minAmount"
  | "minAmountCurrency"
  | "minItems"
  | "startsAt"
  | "endsAt"
  | "maxUses"
  | "usedCount"
  | "isActive"
>;

export type DiscountResult =
  { ok: true; discount: number; message: string } | { ok: false; reason: PromoReason; message: string };

const no = (reason: PromoReason, message: string): DiscountResult => ({ ok: false, reason, message });

/** The column's check allows only these two. */
const minCurrencyOf = (rule: PromoRule): Currency => (rule.minAmountCurrency === "INR" ? "INR" : "USD");

type InactiveReason = PromoInactiveReason;

const INACTIVE_MESSAGES: Record<InactiveReason, string> = {
  inactive: "This promo code is no longer active.",
  not_started: "This promo code is not valid yet.",
  expired: "This promo code has expired.",
  used_up: "This promo code has reached its usage limit.",
};

/**
 * Why no shopper can use a code right now, whatever the cart (null: it can be used). The back office's
 * list shows the same answer, so a code that is switched on but expired reads "Inactive (expired)".
 */
export function inactiveReason(
  rule: Pick<PromoRule, "isActive" | "startsAt" | "endsAt" | "maxUses" | "usedCount">,
  now: Date,
): InactiveReason | null {
  if (!rule.isActive) return "inactive";
  if (rule.startsAt && rule.startsAt > now) return "not_started";
  if (rule.endsAt && rule.endsAt <= now) return "expired";
  if (rule.maxUses !== null && rule.usedCount >= rule.maxUses) return "used_up";
  return null;
}

/**
 * Whether a promo rule applies to an order, and its discount in major units of `currency`. Pure, so the
 * promo box and the checkout (which recomputes it when the order is created) give the same answer.
 * Percent discounts round down to whole units; no discount exceeds the subtotal.
 */
export function computeDiscount(
  rule: PromoRule,
  subtotal: number,
  itemCount: number,
  currency: Currency,
  now: Date,
): DiscountResult {
  const closed = inactiveReason(rule, now);
  if (closed) return no(closed, INACTIVE_MESSAGES[closed]);
  // A flat amount means nothing without its currency, so flat codes only apply in theirs.
  if ((rule.currency !== null && rule.currency !== currency) || (rule.kind === "flat" && rule.currency === null)) {
    return no(
      "wrong_currency",
      rule.currency
        ? `This promo code applies to ${rule.currency} orders only.`
        : `This promo code cannot be used in ${currency}.`,
    );
  }
  if (subtotal <= 0 || itemCount <= 0) return no("empty_order", "Add items to your cart before applying a promo code.");
  if (itemCount < rule.minItems)
    return no("too_few_items", `This promo code needs at least ${rule.minItems} items in the cart.`);
  // Compared in minor units: an INR minimum in a USD cart can fall on a cent ($59.50 for Rs 1999).
  const minimum = promoMinimumMinor(rule.minAmount, minCurrencyOf(rule), currency);
  if (toMinorUnits(subtotal) < minimum)
    return no("below_minimum", `This promo code needs an order of at least ${formatMinor(minimum, currency)}.`);

  const discount = rule.kind === "percent" ? Math.floor((subtotal * rule.value) / 100) : Math.min(rule.value, subtotal);
  if (discount <= 0) return no("no_discount", "This order is too small for this promo code.");
  const off = rule.kind === "percent" ? `${rule.value}% off` : `${formatMoney(rule.value, currency)} off`;
  return { ok: true, discount, message: `Promo code applied: ${off}` };
}
