import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../config";

const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");

describe("the store's start command", () => {
  it("`npm start` and the Dockerfile's CMD give node the same heap flags (decision 048)", () => {
    const cmd = read("Dockerfile")
      .split("\n")
      .find((line) => line.startsWith("CMD "));
    const dockerFlags = (JSON.parse(cmd!.slice(4)) as string[]).filter((part) => part.startsWith("--"));
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    const npmFlags = start.split(" ").filter((part) => part.startsWith("--"));
    expect(dockerFlags.length).toBeGreaterThan(0);
    expect(npmFlags).toEqual(dockerFlags);
  });

  it("`npm start` and the Dockerfile's runtime stage set glibc's malloc alike (decision 056)", () => {
    const lines = read("Dockerfile").split("\n");
    const runtime = lines.slice(lines.findLastIndex((line) => line.startsWith("FROM ")));
    const dockerMalloc = runtime
      .filter((line) => line.startsWith("ENV "))
      .flatMap((line) => line.slice(4).trim().split(/\s+/))
      .filter((pair) => pair.startsWith("MALLOC_"));
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    const npmMalloc = start.split(" ").filter((part) => part.startsWith("MALLOC_"));
    expect(dockerMalloc.length).toBeGreaterThan(0);
    expect(npmMalloc).toEqual(dockerMalloc);
  });
});
