import type { TaxRateView } from "@store/shared";

/** Basis points as the seller reads a rate: 500 -> "5%", 250 -> "2.5%". */
export const percentText = (bps: number) => `${(bps / 100).toLocaleString("en-IN", { maximumFractionDigits: 2 })}%`;

/** Paise as rupees: 250000 -> "₹2,500". */
export const rupeeText = (minor: number) => `₹${(minor / 100).toLocaleString("en-IN", { maximumFractionDigits: 2 })}`;

/** One rate in a sentence: "5%" or "5% up to ₹2,500 a piece, 18% above". */
export function rateText(rate: Pick<TaxRateView, "rate_bps" | "threshold_minor" | "rate_above_bps">): string {
  if (rate.threshold_minor === null || rate.rate_above_bps === null) return percentText(rate.rate_bps);
  return `${percentText(rate.rate_bps)} up to ${rupeeText(rate.threshold_minor)} a piece, ${percentText(rate.rate_above_bps)} above`;
}

const DAY = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** "2025-09-22" -> "22 September 2025". */
export const dayText = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** A dated value's status (a tax rate, a notified value), as its badge says it. */
export const STATUS_LABELS: Record<TaxRateView["status"], string> = {
  in_force: "In force today",
  scheduled: "Takes effect later",
  past: "Replaced",
};
export const STATUS_STYLES: Record<TaxRateView["status"], string> = {
  in_force: "bg-sage/20 text-charcoal",
  scheduled: "bg-turmeric/20 text-charcoal",
  past: "bg-charcoal/5 text-charcoal/70",
};
