/**
 * Times as a shopper reads them (issue 41, decision 084): in the order's own time zone (`orders.time_zone`,
 * never the browser's at render, so the server's HTML and the hydration agree), with the zone named:
 * "Tue 8 Dec, 3:05 pm GMT", "Tue 8 Dec, 10:05 am EST", "Tue 8 Dec, 8:35 pm IST". The zone's short name is
 * asked of Intl in English as spoken in the delivery country (en-GB says GMT/BST, en-US EST/EDT, en-IN
 * IST); where the runtime knows no short name it says the offset ("GMT+9").
 */

/** India's zone: domestic orders, and what a zone this runtime does not know falls back to. */
const INDIA = "Asia/Kolkata";

type Kind = "when" | "zone" | "day";

/** Each formatter as it is built: the zone is valid here, the country names the zone's English. */
const OPTIONS: Record<Kind, (timeZone: string, country: string) => [string, Intl.DateTimeFormatOptions]> = {
  when: (timeZone) => [
    "en-GB",
    {
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h12",
      timeZone,
    },
  ],
  zone: (timeZone, country) => [
    Intl.DateTimeFormat.supportedLocalesOf(`en-${country}`).length ? `en-${country}` : "en-GB",
    { timeZone, timeZoneName: "short" },
  ],
  day: (timeZone) => ["en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }],
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per kind, zone and country, built when first asked for: building one is slow in a browser
 * (the first loads the locale's data), and a page of dates needs only the day's.
 */
function formatter(kind: Kind, timeZone: string, country: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone} ${country}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(...OPTIONS[kind](timeZone, country));
    } catch {
      // A zone this runtime does not know.
      found = new Intl.DateTimeFormat(...OPTIONS[kind](INDIA, country));
    }
    formatters.set(key, found);
  }
  return found;
}

const dateOf = (at: Date | string) => (typeof at === "string" ? new Date(at) : at);

/** "Tue 8 Dec, 3:05 pm GMT": a moment in the order's zone, named. Text that is not a date is shown as it is. */
export function shopperTimeText(at: Date | string, timeZone: string, country: string): string {
  const date = dateOf(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const zoneName =
    formatter("zone", timeZone, country)
      .formatToParts(date)
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  return `${formatter("when", timeZone, country).format(date)} ${zoneName}`;
}

const MONTHS = "January February March April May June July August September October November December".split(" ");
/** India's clock is UTC+5:30 all year (no summer time). */
const INDIA_OFFSET_MS = 330 * 60 * 1000;

/**
 * "8 December 2026": the day a moment falls on in the order's zone (an order placed late in London). India's
 * day is counted without Intl: the account page's dates are mostly India's, and a browser's first date
 * formatter is slow to build on a phone.
 */
export function shopperDateText(at: Date | string, timeZone: string): string {
  const date = dateOf(at);
  if (Number.isNaN(date.getTime())) return String(at);
  if (timeZone !== INDIA) return formatter("day", timeZone, "GB").format(date);
  const day = new Date(date.getTime() + INDIA_OFFSET_MS);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}
