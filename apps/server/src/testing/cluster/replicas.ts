import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { repoRoot } from "../../config";

export interface Replica {
  name: string;
  origin: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | string>;
}

const SERVER = join(repoRoot, "apps/server/dist/server.js");
const WEB = join(repoRoot, "apps/web/build/server/index.js");

/** The ring runs what production runs: the compiled server and the web build (`npm run build`). */
export function missingBuild(): string | undefined {
  const missing = [SERVER, WEB].filter((file) => !existsSync(file));
  return missing.length > 0 ? `no build at ${missing.join(", ")}: run "npm run build" first` : undefined;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts one replica of the built server; it is ready when its /readyz answers 200 (`waitReady`). */
export async function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return { name, origin: `http://127.0.0.1:${port}`, child, output: () => output, exited };
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
