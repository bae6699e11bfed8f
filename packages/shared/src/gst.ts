/**
 * India's GST facts the storefront, the back office and the server share (issue 15, decision 033): the
 * states and union territories with their GST state codes, and the GSTIN's format and check character.
 */

/** The GST state codes (the first two digits of a GSTIN, and the place of supply's code on an invoice). */
export const INDIAN_STATES = [
  { code: "01", name: "Jammu and Kashmir" },
  { code: "02", name: "Himachal Pradesh" },
  { code: "03", name: "Punjab" },
  { code: "04", name: "Chandigarh" },
  { code: "05", name: "Uttarakhand" },
  { code: "06", name: "Haryana" },
  { code: "07", name: "Delhi" },
  { code: "08", name: "Rajasthan" },
  { code: "09", name: "Uttar Pradesh" },
  { code: "10", name: "Bihar" },
  { code: "11", name: "Sikkim" },
  { code: "12", name: "Arunachal Pradesh" },
  { code: "13", name: "Nagaland" },
  { code: "14", name: "Manipur" },
  { code: "15", name: "Mizoram" },
  { code: "16", name: "Tripura" },
  { code: "17", name: "Meghalaya" },
  { code: "18", name: "Assam" },
  { code: "19", name: "West Bengal" },
  { code: "20", name: "Jharkhand" },
  { code: "21", name: "Odisha" },
  { code: "22", name: "Chhattisgarh" },
  { code: "23", name: "Madhya Pradesh" },
  { code: "24", name: "Gujarat" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "27", name: "Maharashtra" },
  { code: "29", name: "Karnataka" },
  { code: "30", name: "Goa" },
  { code: "31", name: "Lakshadweep" },
  { code: "32", name: "Kerala" },
  { code: "33", name: "Tamil Nadu" },
  { code: "34", name: "Puducherry" },
  { code: "35", name: "Andaman and Nicobar Islands" },
  { code: "36", name: "Telangana" },
  { code: "37", name: "Andhra Pradesh" },
  { code: "38", name: "Ladakh" },
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

/**
 * Older, shorter and directory spellings, mapped to the state's name in the list ("&" is read as "and"
 * first): the names before the 2020 merger of Dadra and Nagar Haveli with Daman and Diu, India Post's
 * "The Dadra and Nagar Haveli and Daman and Diu", and the renamed Orissa, Pondicherry and Uttaranchal.
 */
const STATE_ALIASES: Record<string, string> = {
  "new delhi": "Delhi",
  "nct of delhi": "Delhi",
  "national capital territory of delhi": "Delhi",
  orissa: "Odisha",
  pondicherry: "Puducherry",
  uttaranchal: "Uttarakhand",
  chattisgarh: "Chhattisgarh",
  "andaman and nicobar": "Andaman and Nicobar Islands",
  "daman and diu": "Dadra and Nagar Haveli and Daman and Diu",
  "dadra and nagar haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "the dadra and nagar haveli and daman and diu": "Dadra and Nagar Haveli and Daman and Diu",
};

const squeeze = (text: string) =>
  text
    .trim()
    .replace(/\s*&\s*/g, " and ")
    .replace(/\s+/g, " ")
    .toLowerCase();

/** The state or union territory a typed name means (any case, either spelling), or null. */
export function indianStateByName(name: string): IndianState | null {
  const key = squeeze(name);
  const canonical = STATE_ALIASES[key]?.toLowerCase() ?? key;
  return INDIAN_STATES.find((s) => s.name.toLowerCase() === canonical) ?? null;
}

export function indianStateByCode(code: string): IndianState | null {
  return INDIAN_STATES.find((s) => s.code === code) ?? null;
}

/** A GST rate in basis points as invoices and the return write it: 500 -> "5%", 250 -> "2.5%". */
export function taxRateText(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}

// In a module of its own: the order pages print addresses with it and need nothing else of this file's.
export { countryName } from "./country-name";

/** An Indian PIN code: six digits, the first not 0. */
export const INDIAN_PIN_CODE = /^[1-9]\d{5}$/;

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** 2 digits of state, the holder's PAN (5 letters, 4 digits, 1 letter), the entity number, "Z", the check character. */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The GSTIN's 15th character, from the first 14 (the GST Network's mod-36 scheme): each character's value
 * times 1 or 2 in turn, the product's base-36 digits added up, and the check is what brings the sum to a
 * multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN cannot be right, in words for the seller, or null when it is well formed and its check character matches. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin))
    return "A GSTIN has 15 characters: the 2-digit state code, the 10-character PAN, the entity number, Z and a check character (e.g. 08ABCDE1234F1Z5).";
  if (!indianStateByCode(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is not a GST state code.`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return "This GSTIN's last character does not match the rest: please check it for a typing mistake.";
  return null;
}

/**
 * The financial year (April to March) an IST day ("2026-11-25") falls in, as GST forms write it: "2026-27".
 * Invoice numbers use its short form, "26-27".
 */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "2026-27" -> "26-27", as the document numbers print it. */
export const shortFinancialYear = (year: string) => year.slice(2);

/** The last day of a financial year: "2026-27" -> "2027-03-31". */
export const financialYearEnd = (year: string) => `${Number(year.slice(0, 4)) + 1}-03-31`;

/** A financial year as the seller types it: "2026-27", the second year the one after the first. */
export const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;
export const isFinancialYear = (year: string) => {
  const match = FINANCIAL_YEAR.exec(year);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
};

/** How many days before 31 March the back office starts reminding the seller to furnish the next year's LUT. */
export const LUT_REMINDER_DAYS = 30;

/** The seller's Letter of Undertaking as saved with the GST registration (rule 96A): a reference and its year. */
export interface LutHolder {
  lut_reference: string;
  /** The financial year it was furnished for ("2026-27"); "" on a reference saved before the year was asked. */
  lut_financial_year: string;
}

/**
 * Whether an export invoiced on `day` goes under the seller's LUT: an LUT is furnished for one financial year
 * (notification 37/2017-Central Tax, condition (ii)), so one of another year, or of no known year, does not
 * cover it and the export is invoiced with IGST (IGST Act section 16(3)(b)).
 */
export const lutCovers = (gst: LutHolder, day: string) =>
  gst.lut_reference !== "" && gst.lut_financial_year === financialYearOf(day);

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * What the seller should hear about their LUT on `today` (an IST day), or null: a reference without a year, a
 * year that has ended, or the last LUT_REMINDER_DAYS days of the year it covers. No LUT at all is the seller's
 * choice (exports then carry IGST), not a warning.
 */
export function lutNotice(gst: LutHolder | null, today: string): string | null {
  if (!gst || gst.lut_reference === "") return null;
  const current = financialYearOf(today);
  if (!isFinancialYear(gst.lut_financial_year))
    return `Your LUT ${gst.lut_reference} has no financial year saved: enter the year it was furnished for in Settings. Until then exports are invoiced with IGST.`;
  const ends = financialYearEnd(gst.lut_financial_year);
  if (gst.lut_financial_year < current)
    return `Your LUT for ${gst.lut_financial_year} ended on ${longDay(ends)}: exports are invoiced with IGST until you furnish the LUT for ${current} (form GST RFD-11) and enter it in Settings.`;
  if (gst.lut_financial_year > current)
    return `The LUT saved is for ${gst.lut_financial_year}, which has not begun: exports are invoiced with IGST until then.`;
  const left = daysBetween(today, ends);
  if (left > LUT_REMINDER_DAYS) return null;
  const next = financialYearOf(`${Number(current.slice(0, 4)) + 1}-04-01`);
  const when = left === 0 ? "today" : left === 1 ? "tomorrow" : `in ${left} days`;
  return `Your LUT for ${current} ends on ${longDay(ends)} (${when}): furnish the LUT for ${next} (form GST RFD-11) and enter it in Settings on 1 April, or exports from then on are invoiced with IGST.`;
}
