// `npm start`. With NODE_ENV=production: the compiled build only (`npm run build` made it; nothing is
// built or compiled at run time, and tsx is not needed). Otherwise, as always: build the web app when its
// build is missing or older than its sources, then run the server's TypeScript through tsx.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isProduction, loadDotEnv, root, runServerEntry } from "./server-entries.mjs";

const webBuildEntry = join(root, "apps/web/build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildWebIfStale() {
  // SKIP_BUILD=1: the caller has just built (the e2e ring), so never rebuild underneath it.
  const skipBuild = process.env.SKIP_BUILD === "1";
  const sources = ["apps/web/app", "packages/shared/src"].map((d) => newestMtime(join(root, d)));
  const stale = !existsSync(webBuildEntry) || (!skipBuild && Math.max(...sources) > statSync(webBuildEntry).mtimeMs);
  if (!stale) return;
  console.log("Building the web app...");
  const result = spawnSync("npm", ["run", "build", "-w", "@store/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// .env may itself say NODE_ENV=production, so it is read before the mode is decided.
loadDotEnv();
if (isProduction()) {
  if (!existsSync(webBuildEntry)) {
    console.error(
      `\n  NODE_ENV=production serves the compiled build, and ${webBuildEntry} is missing: run "npm run build" first.\n`,
    );
    process.exit(1);
  }
} else {
  buildWebIfStale();
}
await runServerEntry("server");
