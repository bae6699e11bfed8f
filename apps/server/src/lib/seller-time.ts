/**
 * The seller works in Jaipur: "today", "this month" and the order list's dates are India Standard Time
 * days. IST is UTC+05:30 all year (no daylight saving), so a fixed offset is exact.
 */
const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant an IST calendar day ("2026-03-31") begins. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The instant the IST day after `day` begins: the exclusive end of an inclusive "to" date. */
export function istDayEnd(day: string): Date {
  return new Date(istDayStart(day).getTime() + DAY_MS);
}

/** Midnight IST starting the day and the month that contain `now`. */
export function istPeriodStarts(now: Date): { today: Date; month: Date } {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - IST_OFFSET_MS;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - IST_OFFSET_MS;
  return { today: new Date(today), month: new Date(month) };
}

/** The IST calendar day ("2026-03-31") that contains `at`. */
export function istDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The calendar day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
