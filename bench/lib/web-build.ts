import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { benchDataDir } from "./database";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
/** Every engineer's build takes this lock, so nobody serves or copies a half-written build. */
const BUILD_LOCK = "/tmp/web-build.lock";
/** Under a "build" folder, which the repository's lint and git ignore rules already skip. */
export const benchWebBuildDir = `${benchDataDir}web/build`;

/**
 * A private copy of the production web build (rebuilt first when asked or when there is none), taken
 * under the shared build lock. The page benchmark serves the copy, so a colleague's rebuild halfway
 * through cannot swap the hashed asset names under a running Lighthouse.
 */
export function prepareWebBuild(rebuild: boolean): string {
  const build = rebuild || !existsSync(`${repoRoot}apps/web/build/server/index.js`);
  const script = [
    build ? "npm run build" : "true",
    `rm -rf '${benchWebBuildDir}'`,
    `mkdir -p '${dirname(benchWebBuildDir)}'`,
    `cp -a apps/web/build '${benchWebBuildDir}'`,
  ].join(" && ");
  const result = spawnSync("flock", ["-w", "600", BUILD_LOCK, "sh", "-c", script], {
    cwd: repoRoot,
    stdio: "inherit",
    timeout: 900_000,
  });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status ?? result.signal})`);
  return benchWebBuildDir;
}
