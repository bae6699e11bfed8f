/**
 * A courier's time: "25 11 2026 14:05:09" (Shiprocket's webhook), "2026-11-25 14:05:09" (its tracking) or
 * ISO 8601 with a zone. Times without a zone are India's (UTC+05:30). Null when unreadable.
 */
export function parseCourierTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const trimmed = text.trim();
  const dayFirst = /^(\d{2})[ -/](\d{2})[ -/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (dayFirst || yearFirst) {
    const [y, m, d, hh, mm, ss] = dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1], dayFirst[4], dayFirst[5], dayFirst[6]]
      : [yearFirst![1], yearFirst![2], yearFirst![3], yearFirst![4], yearFirst![5], yearFirst![6]];
    const date = new Date(`${y}-${m}-${d}T${hh}:${mm}:${ss ?? "00"}+05:30`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(trimmed)) return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The same time as Shiprocket's webhooks write it ("25 11 2026 14:05:09", India's time). */
export function courierTimeText(date: Date): string {
  const ist = new Date(date.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(8, 10)} ${ist.slice(5, 7)} ${ist.slice(0, 4)} ${ist.slice(11, 19)}`;
}
