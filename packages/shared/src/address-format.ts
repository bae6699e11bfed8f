import { ADDRESS_FORMATS } from "./address-formats.data";
import { countryName } from "./country-name";
import { INDIAN_PIN_CODE, INDIAN_STATES, indianStateByName } from "./gst";
import { PIN_CODE_SHAPE_TEXT } from "./schemas/geo";

/**
 * Each country's address shape, from Google's address metadata (libaddressinput's data, compacted into
 * `address-formats.data.ts` by `npm run address-formats -w @store/shared`, decision 079): which of city,
 * state and postcode it writes and in what order, which it requires, the postcode's pattern and an example,
 * the names it gives them, and its states or provinces where the data lists them. The checkout's form, its
 * schema (client and server) and the printed address all read it; India keeps its own rules on top (the GST
 * list of states, India Post's PIN codes).
 */

const DATA = ADDRESS_FORMATS;
/** libaddressinput's defaults (its "ZZ" entry): what a country without its own value takes. */
const DEFAULT_FORMAT = "%N%n%O%n%A%n%C";
const DEFAULT_REQUIRED = "AC";

export type PlaceField = "city" | "state" | "pin_code";

export type Choice = { value: string; label: string };

export interface AddressShape {
  country: string;
  /** The place fields the country writes, in its order (India: as the form has always asked them). */
  fields: PlaceField[];
  required: PlaceField[];
  labels: Record<PlaceField, string>;
  /** The states or provinces to choose from, where the country has a list. */
  states: Choice[] | null;
  /** An example postcode ("SW1A 1AA"), where the country has postcodes. */
  postcodeExample: string | null;
}

const TOKENS: Record<string, PlaceField> = { C: "city", S: "state", Z: "pin_code" };

const POSTCODE_NAMES: Record<string, string> = { zip: "ZIP code", pin: "PIN code", eircode: "Eircode" };
/** Where English calls it a postcode (the data's "postal" type is "Postal code" elsewhere). */
const POSTCODE_COUNTRIES = new Set(["GB", "AU", "NZ", "IM", "JE", "GG", "ZA", "SG"]);
const STATE_NAMES: Record<string, string> = {
  area: "Area",
  county: "County",
  department: "Department",
  district: "District",
  do_si: "Province",
  emirate: "Emirate",
  island: "Island",
  oblast: "Region",
  parish: "Parish",
  prefecture: "Prefecture",
  province: "Province",
  state: "State",
};
const CITY_NAMES: Record<string, string> = { post_town: "Town or city", suburb: "Suburb", district: "District" };
/** How the messages name a country when its plain name reads badly before a noun. */
const SHORT_NAMES: Record<string, string> = { GB: "UK", US: "US", AE: "UAE" };

const INDIA_STATE_CHOICES: Choice[] = [...INDIAN_STATES]
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((s) => ({ value: s.name, label: s.name }));

const shapes = new Map<string, AddressShape>();

/** The address shape of a country (ISO 3166 code); a code the data does not know takes the defaults. */
export function addressShape(code: string): AddressShape {
  const country = code.trim().toUpperCase();
  const known = shapes.get(country);
  if (known) return known;
  const data = DATA[country] ?? {};
  const fmt = data.fmt ?? DEFAULT_FORMAT;
  const require = data.require ?? DEFAULT_REQUIRED;
  const inFormat = [...fmt.matchAll(/%([CSZ])/g)].map((m) => TOKENS[m[1] as string] as PlaceField);
  const india = country === "IN";
  const fields: PlaceField[] = india ? ["city", "state", "pin_code"] : inFormat;
  const shape: AddressShape = {
    country,
    fields,
    // India's city and state may be left for the PIN code to fill; its PIN code's own check says it is missing.
    required: india ? [] : fields.filter((f) => require.includes(f === "city" ? "C" : f === "state" ? "S" : "Z")),
    labels: {
      city: CITY_NAMES[data.cityName ?? ""] ?? "City",
      state: STATE_NAMES[data.stateName ?? "province"] ?? "Province",
      pin_code: POSTCODE_NAMES[data.zipName ?? ""] ?? (POSTCODE_COUNTRIES.has(country) ? "Postcode" : "Postal code"),
    },
    states: india ? INDIA_STATE_CHOICES : (data.states?.map(([value, label]) => ({ value, label })) ?? null),
    postcodeExample: fields.includes("pin_code") ? (data.zipex ?? null) : null,
  };
  shapes.set(country, shape);
  return shape;
}

/** "UK", "Germany": the country as the messages name it. */
function placeName(country: string): string {
  return SHORT_NAMES[country] ?? countryName(country) ?? country;
}

/** "in the UK", "in Germany". */
const inPlace = (country: string) => `in ${SHORT_NAMES[country] ? "the " : ""}${placeName(country)}`;

/** A field's label inside a sentence: "postcode", but "ZIP code" and "PIN code" keep their capitals. */
const lowerLabel = (label: string) => (/^[A-Z]{2,}/.test(label) ? label : label.toLowerCase());

/** The message for a postcode that does not fit its country ("Enter a UK postcode, like SW1A 1AA."). */
export function postcodeText(country: string): string {
  const shape = addressShape(country);
  if (shape.country === "IN") return PIN_CODE_SHAPE_TEXT;
  const lower = lowerLabel(shape.labels.pin_code);
  const like = shape.postcodeExample ? `, like ${shape.postcodeExample}` : "";
  // "a UK postcode" (said "you-kay"), "an eircode".
  return SHORT_NAMES[shape.country]
    ? `Enter a ${placeName(shape.country)} ${lower}${like}.`
    : `Enter ${/^[aeiou]/.test(lower) ? "an" : "a"} ${lower} of ${placeName(shape.country)}${like}.`;
}

const patterns = new Map<string, RegExp | null>();
function postcodePattern(country: string): RegExp | null {
  if (!patterns.has(country)) {
    const zip = DATA[country]?.zip;
    patterns.set(country, zip ? new RegExp(`^(?:${zip})$`, "i") : null);
  }
  return patterns.get(country) ?? null;
}

/**
 * A postcode as the country writes it: capitals, single spaces, and the space British and Canadian
 * postcodes have before their last three characters ("sw1a1aa" -> "SW1A 1AA").
 */
export function normalPostcode(country: string, typed: string): string {
  const code = typed.trim().replace(/\s+/g, " ").toUpperCase();
  if ((country === "GB" || country === "CA") && !code.includes(" ") && code.length > 4) {
    return `${code.slice(0, -3)} ${code.slice(-3)}`;
  }
  return code;
}

/** The state as the country's list has it (its code or name typed in any case), or null when not in it. */
export function listedState(country: string, typed: string): string | null {
  const shape = addressShape(country);
  if (!shape.states) return null;
  if (shape.country === "IN") return indianStateByName(typed)?.name ?? null;
  const key = typed.trim().toLowerCase();
  return shape.states.find((s) => s.value.toLowerCase() === key || s.label.toLowerCase() === key)?.value ?? null;
}

export type AddressProblem = { path: string[]; message: string };

/**
 * An address's place fields against its country's rules: what the country requires is present, the
 * postcode fits its pattern, the state is one of its list. India's own rules (PIN code shape, GST states)
 * are the checkout's `indianAddressProblems`, which this calls.
 */
export function placeProblems(
  country: string,
  body: { city: string; state: string; pin_code: string },
): AddressProblem[] {
  const shape = addressShape(country);
  const problems: AddressProblem[] = [];
  for (const field of shape.required) {
    if (!body[field].trim()) {
      const label = lowerLabel(shape.labels[field]);
      problems.push({ path: [field], message: `Enter the ${label}: addresses ${inPlace(shape.country)} need one.` });
    }
  }
  if (shape.country === "IN") {
    if (!INDIAN_PIN_CODE.test(body.pin_code)) problems.push({ path: ["pin_code"], message: PIN_CODE_SHAPE_TEXT });
    if (body.state && !indianStateByName(body.state)) {
      problems.push({ path: ["state"], message: "Enter your state or union territory, for example Rajasthan." });
    }
    return dedupe(problems);
  }
  const pattern = postcodePattern(shape.country);
  const postcode = body.pin_code.trim();
  if (postcode && shape.fields.includes("pin_code") && pattern && !pattern.test(normalPostcode(country, postcode))) {
    problems.push({ path: ["pin_code"], message: postcodeText(shape.country) });
  }
  if (body.state.trim() && shape.states && !listedState(shape.country, body.state)) {
    const example = shape.states[0]?.label ?? "";
    problems.push({
      path: ["state"],
      message: `Choose the ${lowerLabel(shape.labels.state)} from the list ${inPlace(shape.country)}, for example ${example}.`,
    });
  }
  return dedupe(problems);
}

function dedupe(problems: AddressProblem[]): AddressProblem[] {
  return problems.filter((p, i) => problems.findIndex((q) => q.path[0] === p.path[0]) === i);
}
