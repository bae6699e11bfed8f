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

const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** A country's English name from its ISO 3166 code ("GB" -> "United Kingdom"), or null for a code that is none. */
export function countryName(code: string): string | null {
  return /^[A-Z]{2}$/.test(code) ? (regions.of(code) ?? null) : null;
}

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
