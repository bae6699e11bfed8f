/**
 * The production recipe without a Docker engine: replays the Dockerfile on a clean copy of the repository.
 * Its build stage's RUN lines (npm commands only) run in a "build" folder, its runtime stage's
 * `COPY --from=build` lines move their paths into a "runtime" folder, and its CMD starts there with its ENV,
 * on a fresh embedded database, until /readyz answers 200. Runs in `npm run test:recipe` (Node 22, the
 * image's Node), not in the API ring.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config";
import { freePort } from "./processes";

interface Recipe {
  buildRuns: string[];
  /** [path in the build stage, path in the runtime stage], both relative to WORKDIR /app. */
  copies: [string, string][];
  env: Record<string, string>;
  cmd: string[];
}

const APP = "/app";

/** Reads the Dockerfile's two stages; refuses any form this replay would not reproduce faithfully. */
function readRecipe(text: string): Recipe {
  const lines = text.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"));
  expect(
    lines.filter((line) => line.trimEnd().endsWith("\\")),
    "one instruction per line",
  ).toEqual([]);
  const stages = lines
    .join("\n")
    .split(/^FROM /m)
    .filter(Boolean)
    .map((stage) => stage.split("\n").slice(1).filter(Boolean));
  expect(stages).toHaveLength(2);
  const [build = [], runtime = []] = stages;
  const recipe: Recipe = { buildRuns: [], copies: [], env: {}, cmd: [] };
  for (const line of build) {
    const [instruction = "", ...rest] = line.split(" ");
    if (instruction === "RUN") recipe.buildRuns.push(rest.join(" "));
    else
      expect(["WORKDIR /app", "COPY . ."], "build stage: only WORKDIR /app, COPY . . and RUN npm ...").toContain(line);
  }
  for (const line of runtime) {
    const [instruction = "", ...rest] = line.split(" ");
    if (instruction === "COPY") {
      const [from, source = "", target = ""] = rest;
      expect(from).toBe("--from=build");
      expect(source.startsWith(`${APP}/`) && target.startsWith("./"), line).toBe(true);
      recipe.copies.push([source.slice(APP.length + 1), target.slice(2)]);
    } else if (instruction === "ENV") {
      for (const pair of rest) recipe.env[pair.split("=")[0]!] = pair.slice(pair.indexOf("=") + 1);
    } else if (instruction === "CMD") {
      recipe.cmd = JSON.parse(rest.join(" ")) as string[];
    }
  }
  expect(
    recipe.buildRuns.every((run) => run.startsWith("npm ")),
    "build steps are npm commands",
  ).toBe(true);
  return recipe;
}

/** The environment of a fresh shell: nothing from the test runner, npm's own run, or this repository's tools. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|NODE_ENV$|DATABASE_URL$|TEST$|INIT_CWD$)/.test(name)) continue;
    env[name] = value;
  }
  env.PATH = (process.env.PATH ?? "")
    .split(":")
    .filter((entry) => !entry.startsWith(repoRoot))
    .join(":");
  return env;
}

function run(command: string, cwd: string, env: NodeJS.ProcessEnv): void {
  execFileSync("sh", ["-c", command], { cwd, env, stdio: ["ignore", "ignore", "pipe"], maxBuffer: 64 * 1024 * 1024 });
}

const folder = mkdtempSync(join(tmpdir(), "store-recipe-"));
let server: ChildProcess | undefined;
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
});

describe("the Dockerfile's production recipe, replayed on a clean copy of the repository", () => {
  it("installs, builds and prunes with npm alone, then serves the compiled build in production: /readyz answers 200", async () => {
    const recipe = readRecipe(readFileSync(join(repoRoot, "Dockerfile"), "utf8"));
    const build = join(folder, "build");
    const runtime = join(folder, "runtime");
    const env = cleanEnv();
    const timings: string[] = [];
    const timed = (label: string, step: () => void) => {
      const started = Date.now();
      step();
      timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };

    // What a clean clone holds: the tracked files (and new ones not yet committed), as in the working tree.
    timed("copy", () => {
      const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
        cwd: repoRoot,
        encoding: "utf8",
      });
      for (const file of files.split("\0").filter(Boolean)) {
        if (!existsSync(join(repoRoot, file))) continue; // deleted in the working tree, not yet committed
        mkdirSync(dirname(join(build, file)), { recursive: true });
        cpSync(join(repoRoot, file), join(build, file));
      }
    });
    // npm's cache may answer first (as a CI cache would); the lockfile and its integrity hashes still decide.
    for (const command of recipe.buildRuns)
      timed(command, () => run(command, build, { ...env, npm_config_prefer_offline: "true" }));

    for (const [source, target] of recipe.copies) {
      mkdirSync(dirname(join(runtime, target)), { recursive: true });
      renameSync(join(build, source), join(runtime, target));
    }
    // Production dependencies only: the development tools are gone.
    for (const devOnly of ["tsx", "vite", "@fastify/middie", "esbuild", "vitest"])
      expect(existsSync(join(runtime, "node_modules", devOnly)), devOnly).toBe(false);

    const port = await freePort();
    const [command, ...args] = recipe.cmd;
    expect(command).toBe("node");
    const fromImage = Object.fromEntries(
      Object.entries(recipe.env).map(([name, value]) => [name, value.replace(/^\/app(?=\/|$)/, runtime)]),
    );
    const started = Date.now();
    let output = "";
    server = spawn(process.execPath, args, {
      cwd: runtime,
      env: { ...env, ...fromImage, HOST: "127.0.0.1", PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => (output += String(chunk)));
    server.stderr?.on("data", (chunk) => (output += String(chunk)));

    let status = 0;
    while (status !== 200 && server.exitCode === null && Date.now() - started < 120_000) {
      status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    timings.push(`start to ready ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`production recipe: ${timings.join(", ")}`);
    expect(status, output).toBe(200);
    expect(output).toContain("LIVE SHOP (production)");
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");
  }, 900_000);
});
