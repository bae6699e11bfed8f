import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const serveScript = fileURLToPath(new URL("../serve.ts", import.meta.url));

export interface ServerChild {
  origin: string;
  /** The whole JSON line the child printed when ready (its origin and anything else it announced). */
  ready: Record<string, unknown>;
  /** The server's process, whose CPU time /proc/<pid>/stat tells (bench/peer.ts). */
  pid: number;
  stop(): void;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/**
 * Starts bench/serve.ts in its own process (so Lighthouse and the load generator never share its event
 * loop) with NODE_ENV=production: React's production server renderer, as a deployed store runs.
 */
export function startServerChild(args: string[], nodeEnv = "production"): Promise<ServerChild> {
  return startJsonLineChild(["--import", "tsx", serveScript, ...args], repoRoot, nodeEnv);
}

/**
 * Starts a Node server process (`nodeArgs` after the node executable, in `cwd`) that prints one JSON line
 * {"origin": ...} when ready and stops on SIGTERM or when its stdin closes. `node` runs it (this Node unless said).
 */
export function startJsonLineChild(
  nodeArgs: string[],
  cwd: string,
  nodeEnv = "production",
  node: { path: string; env: NodeJS.ProcessEnv } = { path: process.execPath, env: process.env },
): Promise<ServerChild> {
  const child = spawn(node.path, nodeArgs, {
    cwd,
    env: { ...node.env, NODE_ENV: nodeEnv },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const stop = () => {
    child.stdin.end();
    child.kill("SIGTERM");
  };
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error("the bench server did not start within 120 s"));
    }, 120_000);
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!line.startsWith("{")) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as { origin: string };
      resolve({ origin: ready.origin, ready, pid: child.pid!, stop, exited });
    });
  });
}

/**
 * Waits (60 s at most) until the server answers /readyz, which pings the database, within 20 ms: the
 * requests a finished load run left behind are done and the next measurement starts on an idle server.
 */
export async function settleOverHttp(origin: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${origin}/readyz`)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
    if (performance.now() - started < 20) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
