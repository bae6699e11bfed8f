import { formatMoney, ORDER_STATUS_LABELS, type Currency, type OrderStatus } from "@store/shared";

/**
 * A formatter built when first used, not when the module loads: building one is slow in a browser, and the
 * shopper's order pages load this module for the status labels alone.
 */
function whenUsed<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** The seller's clock (India Standard Time), as the server's "today" and date filters are. */
const when = whenUsed(
  () =>
    new Intl.DateTimeFormat("en-IN", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Asia/Kolkata",
    }),
);

const istDay = whenUsed(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }));
const DAY_MS = 24 * 60 * 60 * 1000;

/** A report's default period: the last `days` seller's days (IST, YYYY-MM-DD), today included. */
export function lastIstDays(days: number): { from: string; to: string } {
  return { from: istDay().format(new Date(Date.now() - (days - 1) * DAY_MS)), to: istDay().format(new Date()) };
}

export function formatWhen(iso: string | null): string {
  if (!iso) return "-";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${when().format(date)} IST`;
}

/** Orders keep money in minor units (paise, cents); the shop shows whole major units. */
export function formatMinor(minor: number, currency: Currency): string {
  return formatMoney(minor / 100, currency);
}

const paise = whenUsed(
  () => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 }),
);

/** Tax figures are exact to the paisa (₹1,772.00), unlike the shop's whole-rupee prices. */
export function formatPaise(minor: number): string {
  return paise().format(minor / 100);
}

export const PAYMENT_LABELS: Record<string, string> = {
  razorpay: "Card (Razorpay)",
  paypal: "Wallet (PayPal)",
  cod: "Cash on delivery",
  store_credit: "Store credit",
  bank_transfer: "Bank transfer",
};

export function statusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

export const yesNo = (value: boolean) => (value ? "Yes" : "No");
