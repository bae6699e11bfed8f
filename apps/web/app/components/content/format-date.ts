/**
 * "12 March 2026". Fixed locale and time zone (the shop's, IST) so the server's HTML and the browser's
 * hydration render the same text wherever either runs.
 */
let formatter: Intl.DateTimeFormat | undefined;

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // Built when first used, not when the module loads: building one is slow in a browser, and the account's
  // order list loads this module for `isoDate` alone.
  formatter ??= new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });
  return formatter.format(date);
}

/** The machine-readable date for `<time dateTime>`. */
export function isoDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString();
}
