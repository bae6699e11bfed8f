import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Runs a bench TypeScript script in its own Node process (through tsx) with a JSON argument and parses
 * the JSON it prints. Killed after `limitMs`, so a hung child never hangs the benchmark. `onMessage` hears what
 * the child sends with `process.send` meanwhile (such as the moment it starts recording). `node` is the
 * Node that runs it: this one unless said (the peer's Vendure runs on the machine's own, bench/lib/peer-install.ts).
 */
export function runChildJson<T>(
  script: string,
  input: unknown,
  limitMs: number,
  onMessage?: (message: unknown) => void,
  node: { path: string; env: NodeJS.ProcessEnv } = { path: process.execPath, env: process.env },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(node.path, ["--import", "tsx", script, JSON.stringify(input)], {
      cwd: repoRoot,
      env: node.env,
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    if (onMessage) child.on("message", onMessage);
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`${script} exited with ${code}`));
      try {
        resolve(JSON.parse(out) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
