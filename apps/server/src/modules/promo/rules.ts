import { formatMoney, priceIn, type Currency, type PromoReason } from "@store/shared";
import type { promoCodes } from "./tables";

export type PromoRule = Pick<
  typeof promoCodes.$inferSelect,
  | "code"
  | "kind"
  | "value"
  | "currency"
  | "minAmount"
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

/**
 * A code's minimum order in `currency`. A code without a currency states its minimum in USD, which in
 * INR follows the catalogue's own INR rule, so "$100 minimum" means what a $100 basket costs in rupees.
 */
function minimumIn(rule: PromoRule, currency: Currency): number {
  if (rule.minAmount === 0 || rule.currency === currency) return rule.minAmount;
  return priceIn(currency, rule.minAmount * 100);
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
  if (!rule.isActive) return no("inactive", "This promo code is no longer active.");
  if (rule.startsAt && rule.startsAt > now) return no("not_started", "This promo code is not valid yet.");
  if (rule.endsAt && rule.endsAt <= now) return no("expired", "This promo code has expired.");
  if (rule.maxUses !== null && rule.usedCount >= rule.maxUses)
    return no("used_up", "This promo code has reached its usage limit.");
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
  const minimum = minimumIn(rule, currency);
  if (subtotal < minimum)
    return no("below_minimum", `This promo code needs an order of at least ${formatMoney(minimum, currency)}.`);

  const discount = rule.kind === "percent" ? Math.floor((subtotal * rule.value) / 100) : Math.min(rule.value, subtotal);
  if (discount <= 0) return no("no_discount", "This order is too small for this promo code.");
  const off = rule.kind === "percent" ? `${rule.value}% off` : `${formatMoney(rule.value, currency)} off`;
  return { ok: true, discount, message: `Promo code applied: ${off}` };
}
