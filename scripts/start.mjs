// `npm start`: build the web app when its build is missing or older than its sources, then run the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const buildEntry = join(root, "apps/web/build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// SKIP_BUILD=1: the caller has just built (the e2e ring), so never rebuild underneath it.
const skipBuild = process.env.SKIP_BUILD === "1";
const sources = ["apps/web/app", "packages/shared/src"].map((d) => newestMtime(join(root, d)));
const stale = !existsSync(buildEntry) || (!skipBuild && Math.max(...sources) > statSync(buildEntry).mtimeMs);
if (stale) {
  console.log("Building the web app...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
await import("../apps/server/src/server.ts");
