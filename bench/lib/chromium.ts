import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** The flags every Chromium run of this project uses (see the architecture page, section 2). */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Chromium {
  port: number;
  close(): Promise<void>;
}

/** Debian's Chromium with a DevTools port for Lighthouse, in a throw-away profile. */
export async function launchChromium(): Promise<Chromium> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"));
  const child = spawn(
    CHROME_PATH,
    [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    child.kill("SIGTERM");
    // Chromium keeps writing its profile while it shuts down; wait (at most 5 s) before deleting it.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(profile, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
  };
  // Bounded wait for the DevTools endpoint: 30 tries, 500 ms apart.
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { port, close };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await close();
  throw new Error(`Chromium at ${CHROME_PATH} did not open its DevTools port`);
}
