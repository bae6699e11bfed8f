/** A cell: text is quoted as needed; numbers and booleans are written as they are. */
export type CsvCell = string | number | boolean | null;

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as a
 * formula; a shopper's name or address must never do that on the seller's machine (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV (CRLF line ends), with a byte-order mark so spreadsheet programs read UTF-8 names and
 * the rupee sign correctly.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
