/**
 * Times as a shopper reads them (issue 41, decision 084): in the order's own time zone (`orders.time_zone`,
 * never the browser's at render, so the server's HTML and the hydration agree), with the zone named:
 * "Tue 8 Dec, 3:05 pm GMT", "Tue 8 Dec, 10:05 am EST", "Tue 8 Dec, 8:35 pm IST". The zone's short name is
 * asked of Intl in English as spoken in the delivery country (en-GB says GMT/BST, en-US EST/EDT, en-IN
 * IST); where the runtime knows no short name it says the offset ("GMT+9").
 */

/** India's zone: domestic orders, and what a zone this runtime does not know falls back to. */
const INDIA = "Asia/Kolkata";

const formatters = new Map<
  string,
  { when: Intl.DateTimeFormat; zone: Intl.DateTimeFormat; day: Intl.DateTimeFormat }
>();

function formattersFor(timeZone: string, country: string) {
  const key = `${timeZone} ${country}`;
  let found = formatters.get(key);
  if (!found) {
    let zone = timeZone;
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
    } catch {
      zone = INDIA;
    }
    const locale = Intl.DateTimeFormat.supportedLocalesOf(`en-${country}`).length ? `en-${country}` : "en-GB";
    found = {
      when: new Intl.DateTimeFormat("en-GB", {
        weekday: "short",
        day: "numeric",
        month: "short",
        hour: "numeric",
        minute: "2-digit",
        hourCycle: "h12",
        timeZone: zone,
      }),
      zone: new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" }),
      day: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: zone }),
    };
    formatters.set(key, found);
  }
  return found;
}

const dateOf = (at: Date | string) => (typeof at === "string" ? new Date(at) : at);

/** "Tue 8 Dec, 3:05 pm GMT": a moment in the order's zone, named. Text that is not a date is shown as it is. */
export function shopperTimeText(at: Date | string, timeZone: string, country: string): string {
  const date = dateOf(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const f = formattersFor(timeZone, country);
  const zoneName = f.zone.formatToParts(date).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  return `${f.when.format(date)} ${zoneName}`;
}

/** "8 December 2026": the day a moment falls on in the order's zone (an order placed late in London). */
export function shopperDateText(at: Date | string, timeZone: string): string {
  const date = dateOf(at);
  return Number.isNaN(date.getTime()) ? String(at) : formattersFor(timeZone, "GB").day.format(date);
}
