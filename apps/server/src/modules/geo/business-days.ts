import { addDays, istDayOf } from "../../lib/seller-time";

/** Couriers do not deliver on Sundays; other holidays differ by state and are left to the courier's own answer. */
const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;

/**
 * The IST calendar day `count` business days after the day that contains `now` (Mondays to Saturdays;
 * today itself does not count, as the parcel leaves tomorrow at the earliest).
 */
export function businessDaysAfter(now: Date, count: number): string {
  let day = istDayOf(now);
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (!isSunday(day)) left--;
  }
  return day;
}

const SHORT_DATE = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "2026-12-03" -> "Thu 3 Dec". */
export function shortDate(day: string): string {
  return SHORT_DATE.format(new Date(`${day}T00:00:00Z`)).replace(",", "");
}
