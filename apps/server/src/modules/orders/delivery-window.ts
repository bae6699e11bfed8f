import { DEFAULT_SHIPPING_METHOD, isShippingMethodCode, shippingMethod } from "@store/shared";
import { businessDaysAfter, shortDate } from "../geo/business-days";
import type { OrderRow } from "./transitions";

/** The first and last IST day the order's method promises, counted in business days from the day it was placed. */
export type DeliveryWindow = { earliest: string; latest: string };

/**
 * The shipping method's promise for an order (spec section 9's days, shipping-methods.ts), from the day it
 * was placed: what the confirmation page and the confirmation e-mail say, so both name the same days.
 */
export function deliveryWindow(
  order: Pick<OrderRow, "shippingMethod" | "createdAt">,
  /** Made to order (decision 099): calendar days of making before the method's days begin; 0 for none. */
  leadDays = 0,
): DeliveryWindow {
  const code = isShippingMethodCode(order.shippingMethod) ? order.shippingMethod : DEFAULT_SHIPPING_METHOD;
  const { days } = shippingMethod(code);
  const from = new Date(order.createdAt.getTime() + leadDays * 86_400_000);
  return {
    earliest: businessDaysAfter(from, days.earliest),
    latest: businessDaysAfter(from, days.latest),
  };
}

/** "between Mon 14 Dec and Thu 17 Dec" (or "by Mon 14 Dec" when both days are one). */
export function deliveryWindowText(window: DeliveryWindow): string {
  return window.earliest === window.latest
    ? `by ${shortDate(window.latest)}`
    : `between ${shortDate(window.earliest)} and ${shortDate(window.latest)}`;
}
