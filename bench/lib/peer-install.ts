import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { benchDataDir } from "./database";

export const VENDURE_VERSION = "3.7.3";

/**
 * Vendure and its drivers, pinned: the peer runs from a throw-away folder, never from the project's
 * package.json or lockfile. better-sqlite3 and pg at the versions TypeORM 0.3 accepts.
 */
const PEER_PACKAGE = {
  name: "peer-vendure",
  private: true,
  dependencies: { "@vendure/core": VENDURE_VERSION, "better-sqlite3": "12.9.0", pg: "8.16.3" },
};

const vendureSide = fileURLToPath(new URL("../peer-vendure/", import.meta.url));

export interface PeerInstall {
  dir: string;
  /** The Node that installs and runs Vendure, and the environment that puts it first on PATH. */
  node: { path: string; version: string; env: NodeJS.ProcessEnv };
  /** products.csv and initial-data.json from @vendure/create's assets. */
  assetsDir: string;
}

/**
 * Installs Vendure into bench/.data/peer/vendure-<version>-node<ABI> (a native module built for one Node
 * cannot load in another), or reuses that folder when it already holds the same pinned versions; copies
 * the Vendure-side scripts (bench/peer-vendure) next to it, where @vendure/core resolves.
 */
export function ensureVendureInstall(log: (line: string) => void): PeerInstall {
  const node = machineNode();
  const abi = execFileSync(node.path, ["-p", "process.versions.modules"], { env: node.env }).toString().trim();
  const dir = `${benchDataDir}peer/vendure-${VENDURE_VERSION}-node${abi}/`;
  const manifest = `${JSON.stringify(PEER_PACKAGE, null, 2)}\n`;
  const stamp = `${dir}node_modules/.peer-installed`;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== manifest) {
    log(`bench:peer: installing Vendure ${VENDURE_VERSION} into ${dir} (once; a few minutes)`);
    writeFileSync(`${dir}package.json`, manifest);
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock"], {
      cwd: dir,
      stdio: "inherit",
      env: node.env,
    });
    writeFileSync(stamp, manifest);
  }
  const assetsDir = `${dir}create-assets/`;
  if (!existsSync(`${assetsDir}products.csv`)) {
    // Only the two data files of @vendure/create, not its dependencies.
    const tarball = execFileSync("npm", ["pack", `@vendure/create@${VENDURE_VERSION}`, "--silent"], { cwd: dir })
      .toString()
      .trim();
    mkdirSync(assetsDir, { recursive: true });
    execFileSync(
      "tar",
      [
        "xzf",
        tarball,
        "-C",
        assetsDir,
        "--strip-components=2",
        "package/assets/products.csv",
        "package/assets/initial-data.json",
      ],
      { cwd: dir },
    );
  }
  cpSync(vendureSide, dir, { recursive: true });
  return { dir, assetsDir, node };
}

/**
 * The machine's own Node (PEER_NODE, or the first `node` on PATH outside npx's cache), not necessarily the
 * one running the benchmark: the npm registry's node@22 that runs ours ships no C headers, and
 * better-sqlite3 builds from source here against the installed Node's (npm's `nodedir`).
 */
function machineNode(): PeerInstall["node"] {
  const path = (process.env.PATH ?? "").split(":").filter((entry) => entry && !entry.includes("/_npx/"));
  const found =
    process.env.PEER_NODE ?? path.map((entry) => `${entry}/node`).find((file) => existsSync(file)) ?? process.execPath;
  const env = { ...process.env, PATH: [dirname(found), ...path].join(":") };
  const version = execFileSync(found, ["-p", "process.version"], { env }).toString().trim();
  return { path: found, version, env };
}
