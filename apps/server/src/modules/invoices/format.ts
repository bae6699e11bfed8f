/** How invoices print dollars, the exchange rate and dates (rupees and rates: `rupeesText`, `taxRateText` in @store/shared). */

/** USD cents with US grouping: 12345 -> "$123.45". */
export function dollars(cents: number): string {
  const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(Math.floor(cents / 100));
  return `$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** INR per USD from the order's rate x 1000: 83250 -> "83.250". */
export function exchangeRate(rateMilli: number): string {
  return `${Math.floor(rateMilli / 1000)}.${String(rateMilli % 1000).padStart(3, "0")}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An ISO day as printed: "2026-11-25" -> "25 Nov 2026". */
export function printedDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${Number(date)} ${MONTHS[Number(month) - 1]} ${year}`;
}
