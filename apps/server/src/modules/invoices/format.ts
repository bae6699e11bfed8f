/** How invoices print amounts, rates and dates: Indian digit grouping, 2 decimals, day month year. */

const grouping = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Paise as rupees with Indian grouping and 2 decimals, from integers (no float rounding): 123456789 -> "12,34,567.89". */
export function rupees(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${grouping.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** USD cents with US grouping: 12345 -> "$123.45". */
export function dollars(cents: number): string {
  const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(Math.floor(cents / 100));
  return `$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** Basis points as a percentage: 500 -> "5%", 250 -> "2.5%", 1800 -> "18%". */
export function percent(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
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
