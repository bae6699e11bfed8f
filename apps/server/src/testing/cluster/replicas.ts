import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../config";
import { freePort, runNode, type Started } from "../processes";
import { REDIS_URL } from "./prerequisites";

export interface Replica extends Started {
  name: string;
  origin: string;
}

const DIST = join(repoRoot, "apps/server/dist");
const WEB = join(repoRoot, "apps/web/build/server/index.js");

/** The ring runs what production runs: the compiled server and the web build (`npm run build`). */
export function missingBuild(): string | undefined {
  const missing = [join(DIST, "server.js"), WEB].filter((file) => !existsSync(file));
  return missing.length > 0 ? `no build at ${missing.join(", ")}: run "npm run build" first` : undefined;
}

/**
 * What every replica of one cluster shares: production mode with the payment simulator and the demo seed,
 * one database, the local Redis under a prefix of this run's own, and one data folder (its media folder
 * shared as over a network volume, decision 029).
 */
export function replicaEnvironment(databaseUrl: string, dataDir: string, more: Record<string, string> = {}) {
  return {
    NODE_ENV: "production",
    SIMULATOR: "1",
    SEED_DEMO: "true",
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: `cluster-${randomBytes(4).toString("hex")}:`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...more,
  };
}

/** Starts one replica of the built server; it is ready when its /readyz answers 200 (`waitReady`). */
export async function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const started = runNode([join(DIST, "server.js")], { ...env, PORT: String(port), HOST: "127.0.0.1" });
  return { ...started, name, origin: `http://127.0.0.1:${port}` };
}

export async function waitReady(replica: Replica, timeoutMs = 120_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    if (replica.child.exitCode !== null)
      throw new Error(`replica ${replica.name} exited (${replica.child.exitCode}):\n${replica.output()}`);
    const ready = await fetch(`${replica.origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`replica ${replica.name} was not ready in time:\n${replica.output()}`);
}

export async function stopReplica(replica: Replica): Promise<void> {
  if (replica.child.exitCode !== null || replica.child.signalCode !== null) return;
  replica.child.kill("SIGTERM");
  const timer = setTimeout(() => replica.child.kill("SIGKILL"), 20_000);
  await replica.exited;
  clearTimeout(timer);
}

/** The seller's account, made as in production: the compiled `admin-create` against the cluster's database. */
export function createAdmin(databaseUrl: string, email: string, password: string): void {
  execFileSync(process.execPath, [join(DIST, "admin-create.js"), "--email", email, "--password", password], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
  });
}
