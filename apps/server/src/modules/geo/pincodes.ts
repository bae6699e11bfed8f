import { readFile } from "node:fs/promises";
import { indianStateByCode, type IndianState } from "@store/shared";

/**
 * The compacted directory, committed beside this file (`npm run pincodes -w @store/server` remakes it from
 * the pinned package; scripts/build-server.mjs copies it beside the compiled server).
 */
export const PINCODES_FILE = new URL("./pincodes.tsv", import.meta.url);
/** The places (post offices) of each PIN code, made and copied the same way. */
export const PINCODE_PLACES_FILE = new URL("./pincode-places.tsv", import.meta.url);

export type PincodePlace = {
  pin: string;
  /** The town a shopper writes on the address: the district's name ("Jaipur"), or "Delhi" / "New Delhi". */
  city: string;
  district: string;
  /** The state as the GST list names it, and its GST code: the invoice's place of supply. */
  state: string;
  state_code: string;
  /** Every state the directory lists the PIN code's offices in (border towns have two), this one first. */
  states: IndianState[];
  /** Its post offices' places ("Sitapura Industrial Area", "Goner"): the localities and villages it serves. */
  places: string[];
};

export type PincodeLookup = (pin: string) => PincodePlace | null;

/**
 * Delhi's districts are quarters of one city ("South", "North West"); only New Delhi's is a town's name.
 * A city's own district is named "<City> Urban" where a rural one surrounds it ("Bengaluru Urban").
 */
function cityOf(district: string, stateCode: string): string {
  if (stateCode === "07") return district === "New Delhi" ? district : "Delhi";
  return district.replace(/ Urban$/, "");
}

/**
 * The directory as sorted PIN codes (an Int32Array, searched by halving) pointing into a short list of
 * districts, instead of objects per code; each PIN code's places stay one text, sliced when asked for.
 */
export function parsePincodes(text: string, placesText = ""): PincodeLookup {
  const districts: { name: string; state: IndianState }[] = [];
  const entries: [number, number][] = [];
  const alsoIn = new Map<number, IndianState[]>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [first, second = "", third = ""] = line.split("\t");
    if (first === "+") {
      alsoIn.set(
        Number(second),
        third.split(" ").flatMap((code) => indianStateByCode(code) ?? []),
      );
      continue;
    }
    const state = indianStateByCode(first ?? "");
    if (!state) throw new Error(`pincodes.tsv: unknown GST state code in "${line.slice(0, 40)}"`);
    districts.push({ name: second, state });
    for (const pin of third.split(" ")) entries.push([Number(pin), districts.length - 1]);
  }
  entries.sort(([a], [b]) => a - b);
  const pins = Int32Array.from(entries, ([pin]) => pin);
  const districtOf = Uint16Array.from(entries, ([, index]) => index);

  const indexOf = (wanted: number): number => {
    let low = 0;
    let high = pins.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = pins[middle]!;
      if (found === wanted) return middle;
      if (found < wanted) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  };

  // Where each PIN code's places start and end in placesText ("<PIN>\t<Place>|<Place>" lines).
  const placesAt = new Int32Array(pins.length * 2);
  for (let start = 0; start < placesText.length;) {
    const newline = placesText.indexOf("\n", start);
    const end = newline === -1 ? placesText.length : newline;
    const at = placesText[start] === "#" ? -1 : indexOf(Number(placesText.slice(start, start + 6)));
    if (at >= 0) placesAt.set([start + 7, end], at * 2);
    start = end + 1;
  }

  return (pin) => {
    if (!/^[1-9]\d{5}$/.test(pin)) return null;
    const at = indexOf(Number(pin));
    if (at < 0) return null;
    const { name, state } = districts[districtOf[at]!]!;
    const places = placesText.slice(placesAt[at * 2], placesAt[at * 2 + 1]);
    return {
      pin,
      city: cityOf(name, state.code),
      district: name,
      state: state.name,
      state_code: state.code,
      states: [state, ...(alsoIn.get(Number(pin)) ?? [])],
      places: places ? places.split("|") : [],
    };
  };
}

/** Reads the committed files on first use only, once however many requests race for them. */
export function lazyPincodes(
  path: URL | string = PINCODES_FILE,
  placesPath: URL | string = PINCODE_PLACES_FILE,
): () => Promise<PincodeLookup> {
  let loading: Promise<PincodeLookup> | undefined;
  return () => {
    loading ??= Promise.all([readFile(path, "utf8"), readFile(placesPath, "utf8")]).then(
      ([text, places]) => parsePincodes(text, places),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
}
