import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runServerScript, waitForOutput, type Started } from "../testing/processes";

let root: string;
const running: Started[] = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "data-dir-lock-"));
});
afterAll(async () => {
  for (const started of running) started.child.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
});

/** A real process holding the embedded database in `DATA_DIR/pglite`. */
async function holder(dataDir: string): Promise<Started> {
  const started = runServerScript("testing/hold-database.ts", [join(dataDir, "pglite")], {});
  running.push(started);
  await waitForOutput(started, "holding");
  return started;
}

describe("one process per embedded database folder", () => {
  it("a second server on the same DATA_DIR refuses to start and says why; a crashed holder's lock is taken over", async () => {
    const dataDir = join(root, "shared");
    const first = await holder(dataDir);

    // `npm start`'s server, on the same folder: refused before it opens anything.
    const second = runServerScript("server.ts", [], { DATA_DIR: dataDir, PORT: "0", SEED_DEMO: "false" });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another process is using the embedded database in ${join(dataDir, "pglite")}`);
    expect(second.output()).toContain("Two processes on one PGlite folder lose each other's writes");
    expect(second.output()).not.toMatch(/^\s+at /m);
    expect(first.child.exitCode).toBeNull();

    // kill -9 leaves the lock behind; the next process waits until it is stale, then takes it over.
    first.child.kill("SIGKILL");
    await first.exited;
    const next = await holder(dataDir);
    // A clean stop releases the folder at once.
    next.child.kill("SIGTERM");
    expect(await next.exited).toBe(0);
    const last = await holder(dataDir);
    last.child.kill("SIGTERM");
    expect(await last.exited).toBe(0);
  }, 240_000);
});
