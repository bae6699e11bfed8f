// `npm run build` (after the web build): compiles each server entry into one ES module in
// apps/server/dist with esbuild (decision 018), so production runs plain JavaScript without tsx.
import { build } from "esbuild";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ENTRIES, serverDist, serverSrc } from "./server-entries.mjs";

/**
 * Packages stay imports resolved from node_modules at run time; only the workspace's own TypeScript
 * packages (@store/shared) are compiled in, since Node cannot run their .ts exports.
 */
const packagesStayExternal = {
  name: "packages-stay-external",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path, kind }) =>
      kind === "entry-point" || path.startsWith("@store/") ? undefined : { path, external: true },
    );
  },
};

rmSync(serverDist, { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, join(serverSrc, source)])),
  outdir: serverDist,
  bundle: true,
  platform: "node",
  format: "esm",
  // The machines still run Node 20; engines asks for 22, and this output runs on both.
  target: "node20",
  sourcemap: true,
  // Code a process may never run (the demo seed, e-mail rendering, one of the two database drivers) is split into
  // chunks loaded by import(), with the packages they import: a shop never holds what it does not use (decision 048).
  splitting: true,
  plugins: [packagesStayExternal],
  logLevel: "warning",
});

// Files the code finds beside itself (new URL("./...", import.meta.url)). Every bundle sits in dist/, one
// folder deep in apps/server like src/, so config.ts's repository root resolves the same.
cpSync(join(serverSrc, "db/migrations"), join(serverDist, "migrations"), { recursive: true });
cpSync(join(serverSrc, "modules/payments/simulator/widgets"), join(serverDist, "widgets"), { recursive: true });
cpSync(join(serverSrc, "modules/geo/pincodes.tsv"), join(serverDist, "pincodes.tsv"));
cpSync(join(serverSrc, "modules/geo/pincode-places.tsv"), join(serverDist, "pincode-places.tsv"));
console.log(`server: compiled ${Object.keys(ENTRIES).join(", ")} into ${serverDist}`);
