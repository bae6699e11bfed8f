import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { repoRoot } from "../config";

export interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/** Runs a TypeScript entry of the server in a real Node process (through tsx), collecting its output. */
export function runServerScript(file: string, args: string[], env: Record<string, string>): Started {
  const entry = fileURLToPath(new URL(`../${file}`, import.meta.url));
  return runNode(["--import", "tsx", entry, ...args], { DATABASE_URL: "", LOG_LEVEL: "warn", ...env });
}

/** Runs Node with `args` from the repository root, with `env` over this process's environment, collecting its output. */
export function runNode(args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return { child, output: () => output, exited };
}

/** Waits until the process prints `text`; fails if it exits first. */
export async function waitForOutput(started: Started, text: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null)
      throw new Error(`exited (${started.child.exitCode}) before printing "${text}":\n${started.output()}`);
    if (Date.now() > until) throw new Error(`did not print "${text}" in time:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
