import { SHIPPING_DAYS } from "./constants";

/**
 * The spec's policy terms (section 9): return and cancellation windows, shipping times, payment methods. Apart
 * from constants.ts, which every page's shell reads: a bundler keeps a module's used values where the module
 * goes, so these went to every page for the few that show them (issue 46).
 */

/** The spec's return policy: a request within 48 hours of delivery (section 9). */
export const RETURN_WINDOW_HOURS = 48;

export const RETURN_POLICY = {
  returnRequestWindow: `${RETURN_WINDOW_HOURS} hrs of delivery`,
  statusUpdate: "2-3 days",
  pickup: "2-3 working days",
  reachWarehouse: "10-30 days",
  refundStarts: "within 7 days of receipt",
  storeCredit: "24-48 hrs, no expiry",
  onlineRefund: "7 working days",
  bankRefund: "about 5 days",
} as const;

export const CANCELLATION_POLICY = { fullRefundWindowHours: 24, inTransitFeePercent: 10 } as const;

const businessDays = <E extends number, L extends number>(days: { earliest: E; latest: L }) =>
  `${days.earliest}-${days.latest} business days` as const;

export const SHIPPING_TIMES = {
  indiaNormal: businessDays(SHIPPING_DAYS.indiaNormal),
  indiaExpress: businessDays(SHIPPING_DAYS.indiaExpress),
  internationalStandard: businessDays(SHIPPING_DAYS.internationalStandard),
  internationalExpress: businessDays(SHIPPING_DAYS.internationalExpress),
} as const;

export const PAYMENT_METHODS_TEXT = "cards, UPI, net banking";
